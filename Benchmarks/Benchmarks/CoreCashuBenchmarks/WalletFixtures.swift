// Benchmark support: wallets in temporary directories, proofs minted straight from the mint, synthetic stores.

import CoreCashu
import Foundation

/// One HTTP client for the benchmark process (never shut down; it lives as long as the process).
let benchHTTPClient = HTTPMintConnector.makeHTTPClient()

/// A wallet on a SQLite store and a file secure store in a fresh temporary directory; its requests are counted.
struct BenchWallet {
    let wallet: Wallet
    let directory: URL
    let counter: RequestCounter

    static func newDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cashu-bench-wallet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Opens the wallet in `directory` (a new one when nil), as an application would: store, secure store, open.
    static func open(
        directory: URL? = nil,
        mnemonic: Mnemonic? = nil,
        counter: RequestCounter = RequestCounter()
    ) async throws -> BenchWallet {
        let directory = try directory ?? newDirectory()
        let store = try SQLiteWalletStore(path: directory.appendingPathComponent("wallet.sqlite").path)
        let secureStore = FileSecureStore(file: directory.appendingPathComponent("secrets.json"))
        let wallet = try await Wallet.open(
            store: store,
            secureStore: secureStore,
            mnemonic: mnemonic,
            connectorFactory: { url in
                CountingConnector(base: HTTPMintConnector(mintURL: url, httpClient: benchHTTPClient), counter: counter)
            }
        )
        return BenchWallet(wallet: wallet, directory: directory, counter: counter)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Proofs and stores the benchmarks start from.
enum Fixtures {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `count` amounts taking the powers of two 1…64 in turn (a wallet's usual mix of small denominations).
    static func mixedAmounts(count: Int) -> [UInt64] {
        (0..<count).map { UInt64(1) << UInt64($0 % 7) }
    }

    /// The mint's active `sat` keyset with its keys.
    static func activeKeyset(_ connector: any MintConnector) async throws -> MintKeyset {
        guard let keyset = try await connector.keys().keysets.first(where: { $0.unit == .sat && $0.active != false })
        else { throw Failure(description: "the mint has no active sat keyset") }
        return keyset
    }

    /// Mints proofs of exactly `amounts` with the mint directly (no wallet): one paid quote per 1000 outputs (the
    /// mint's limit). Secrets are random, or NUT-13 outputs of `deterministic` from counter 0 up. Proofs keep the
    /// mint's DLEQ proofs (not checked here).
    static func mintProofs(
        amounts: [UInt64],
        mint: MintURL,
        deterministic: DeterministicSecrets? = nil
    ) async throws -> [Proof] {
        let connector = HTTPMintConnector(mintURL: mint, httpClient: benchHTTPClient)
        let keyset = try await activeKeyset(connector)
        var proofs: [Proof] = []
        var start = 0
        while start < amounts.count {
            let chunk = Array(amounts[start..<min(start + 1000, amounts.count)])
            var secrets: [String] = []
            var factors: [Scalar] = []
            if let deterministic {
                let derived = try deterministic.derive(
                    keysetID: keyset.id,
                    counters: UInt64(start)..<UInt64(start + chunk.count)
                )
                secrets = derived.map(\.secret)
                factors = derived.map(\.blindingFactor)
            } else {
                secrets = chunk.map { _ in Scalar.random().exposedSecretHex }
                factors = chunk.map { _ in Scalar.random() }
            }
            var outputs: [BlindedMessage] = []
            for index in chunk.indices {
                let B_ = try BDHKE.blind(secret: secrets[index], r: factors[index])
                outputs.append(BlindedMessage(amount: chunk[index], id: keyset.id, B_: B_))
            }
            let quote = try await connector.mintQuote(MintQuoteBolt11Request(amount: chunk.reduce(0, +), unit: .sat))
            try await waitUntilPaid(quote.quote, connector)
            let signatures = try await connector.mint(MintRequest(quote: quote.quote, outputs: outputs)).signatures
            guard signatures.count == chunk.count else {
                throw Failure(description: "the mint signed \(signatures.count) of \(chunk.count) outputs")
            }
            for (index, signature) in signatures.enumerated() {
                guard let key = keyset.keys[signature.amount] else {
                    throw Failure(description: "no key for amount \(signature.amount)")
                }
                let C = try BDHKE.unblind(C_: signature.C_, r: factors[index], mintKey: key)
                // Kept, as a wallet keeps them (NUT-12), so stored proofs carry their DLEQ JSON.
                let dleq = signature.dleq.map { ProofDLEQ(e: $0.e, s: $0.s, r: factors[index]) }
                proofs.append(
                    Proof(amount: signature.amount, id: signature.id, secret: secrets[index], C: C, dleq: dleq))
            }
            start += chunk.count
        }
        return proofs
    }

    /// `count` V4 tokens of `size` one-sat proofs each, minted straight from the mint and stripped of their DLEQ
    /// proofs: how Nutshell sends by default, so that both wallets receive the same kind of token.
    static func oneSatTokens(_ count: Int, proofs size: Int, mint: MintURL) async throws -> [String] {
        let proofs = try await mintProofs(amounts: Array(repeating: 1, count: size * count), mint: mint)
            .map { proof in
                var bare = proof
                bare.dleq = nil
                return bare
            }
        return try stride(from: 0, to: proofs.count, by: size).map { start in
            try Token(mint: mint.rawValue, unit: "sat", proofs: Array(proofs[start..<start + size])).serialized(as: .v4)
        }
    }

    /// Polls a quote until the FakeWallet has paid it (it pays at once, asynchronously).
    static func waitUntilPaid(_ quote: String, _ connector: any MintConnector) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while try await connector.mintQuoteState(quote: quote).state != .paid {
            guard ContinuousClock.now < deadline else { throw Failure(description: "quote \(quote) never paid") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Adds proofs to a wallet's store as unspent (the wallet must know their mint, so it can spend them).
    static func add(_ proofs: [Proof], to directory: URL, mint: MintURL) async throws {
        let store = try SQLiteWalletStore(path: directory.appendingPathComponent("wallet.sqlite").path)
        let stored = try proofs.map { try StoredProof(proof: $0, mintURL: mint, unit: .sat) }
        _ = try await store.write { tx in try tx.addProofs(stored) }
    }

    /// A wallet directory whose store holds `count` synthetic unspent proofs (valid points, random secrets, mixed
    /// amounts) of one mint, and whose secure store holds a mnemonic: for balance and open, which need no mint.
    static func syntheticWallet(proofs count: Int) async throws -> URL {
        let directory = try BenchWallet.newDirectory()
        let mint = try MintURL("http://127.0.0.1:3338")
        let keyset = try KeysetID(hex: "01" + String(repeating: "ab", count: 32))
        // A first open creates the schema and saves a fresh mnemonic.
        _ = try await BenchWallet.open(directory: directory)
        let store = try SQLiteWalletStore(path: directory.appendingPathComponent("wallet.sqlite").path)
        let amounts = mixedAmounts(count: count)
        let stored = try amounts.map { amount in
            try StoredProof(
                proof: Proof(
                    amount: amount,
                    id: keyset,
                    secret: Scalar.random().exposedSecretHex,
                    C: Scalar.random().publicKey
                ),
                mintURL: mint,
                unit: .sat
            )
        }
        try await store.write { tx in
            try tx.saveMint(StoredMint(url: mint))
            _ = try tx.addProofs(stored)
        }
        return directory
    }
}
