// Test support: a TestWallet that knows a mint only by a MintProxy's URL (funding, NUT-07 balance behind the proxy).

import CashuTestSupport
import Foundation
import Logging

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

extension TestWallet {
    /// Opens (or reopens, running recovery) a wallet whose connectors go to whatever URL it is given: the proxy's
    /// URL is the mint's to it.
    static func open(
        through proxy: MintProxy,
        directory: URL? = nil,
        options: WalletOptions = WalletOptions(),
        leases: (any OperationLeases)? = nil,
        logger: Logger? = nil,
        backend: TestStoreBackend = .sqlite
    ) async throws -> TestWallet {
        try await open(
            directory: directory, options: options,
            connectorFactory: { url in HTTPMintConnector(mintURL: url, httpClient: TestHTTP.client) }, leases: leases,
            logger: logger, backend: backend)
    }

    /// Adds the proxy's URL as the mint and mints `amount` sat through it.
    @discardableResult
    func fund(_ amount: UInt64, through proxy: MintProxy) async throws -> MintResult {
        try await fund(amount, mintURL: proxy.url)
    }

    /// What the mint behind the proxy says the wallet's unspent proofs are worth (NUT-07, asked directly, not
    /// through the proxy).
    func balanceConfirmedByMint(behind proxy: MintProxy) async throws -> UInt64 {
        try await balanceConfirmed(
            of: proxy.url, asking: HTTPMintConnector(mintURL: proxy.upstream, httpClient: TestHTTP.client))
    }
}
