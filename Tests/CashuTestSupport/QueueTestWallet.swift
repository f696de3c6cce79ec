// Test support: a wallet on a real SQLite store (and a plaintext file secure store) in a temporary directory, with
// an HTTP client of its own, for the offline queue's tests against a real mint.

import AsyncHTTPClient
import CoreCashu
import Foundation

/// A wallet for queue tests; ``close()`` shuts its client down (the files stay for a reopen until ``remove()``).
package struct QueueTestWallet {
    package let wallet: Wallet
    package let store: SQLiteWalletStore
    package let directory: URL
    package let owned: OwnedHTTPClient
    package var client: HTTPClient { owned.client }

    /// Opens (or reopens) the wallet in `directory` (a fresh one when nil); `fault` makes its swaps time out while on.
    package static func open(directory: URL? = nil, fault: FaultSwitch? = nil) async throws -> QueueTestWallet {
        let directory =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("cashu-queue-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteWalletStore(path: directory.appendingPathComponent("wallet.sqlite").path)
        let owned = OwnedHTTPClient(HTTPMintConnector.makeHTTPClient())
        let wallet = try await Wallet.open(
            store: store,
            secureStore: FileSecureStore(file: directory.appendingPathComponent("secrets.json")),
            connectorFactory: { url in
                let http = HTTPMintConnector(mintURL: url, httpClient: owned.client)
                guard let fault else { return http }
                return SwapFaultConnector(inner: http, fault: fault)
            }
        )
        return QueueTestWallet(wallet: wallet, store: store, directory: directory, owned: owned)
    }

    /// Adds the mint and mints `amount` sat through a quote the FakeWallet pays.
    package func fund(_ amount: UInt64, at mint: MintURL) async throws {
        _ = try await wallet.addMint(mint)
        try await BusyTestMint.retrying {
            let quote = try await wallet.requestMintQuote(amount: amount, mint: mint)
            _ = try await wallet.waitForMintQuote(quote.id, timeout: .seconds(30))
            _ = try await wallet.mint(quoteID: quote.id)
        }
    }

    /// The wallet's unspent proofs at `mint` that the mint says are unspent (NUT-07), summed.
    package func balanceConfirmed(at mint: MintURL, client: HTTPClient) async throws -> UInt64 {
        let proofs = try await wallet.proofs(mint: mint, statuses: [.unspent])
        guard !proofs.isEmpty else { return 0 }
        let connector = HTTPMintConnector(mintURL: mint, httpClient: client)
        let states = try await connector.checkState(CheckStateRequest(Ys: try proofs.map { try $0.Y.point() })).states
        var total: UInt64 = 0
        for (proof, state) in zip(proofs, states) where state.state == .unspent { total += proof.amount }
        return total
    }

    /// Whether the mint says every proof of `token` is spent (NUT-07).
    package static func tokenSpent(_ token: String, at mint: MintURL, client: HTTPClient) async throws -> Bool {
        let proofs = try TokenDecoder.decode(token).proofs
        let Ys = try proofs.map { try HashToCurve.point(secret: $0.secret) }
        let states = try await HTTPMintConnector(mintURL: mint, httpClient: client).checkState(
            CheckStateRequest(Ys: Ys)
        )
        return states.states.allSatisfy { $0.state == .spent }
    }

    package func close() async {
        await owned.shutdown()
    }

    package func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
