// CLI: the one place the wallet is opened — SQLite store in the wallet directory, its file leases, the secure store,
// one HTTP client shut down at exit, and the resumption of unfinished operations.

import AsyncHTTPClient
import CoreCashu
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// An open wallet and what a command needs around it.
struct WalletContext: Sendable {
    let wallet: Wallet
    let store: SQLiteWalletStore
    let secureStore: any SecureStore
    let directory: WalletDirectory
    let global: GlobalOptions
    let output: Output
    /// The wallet was created by this command.
    let created: Bool
    /// What the start-up recovery pass did.
    let recovery: RecoveryReport

    /// How a command wants the wallet.
    enum Access {
        /// The wallet must exist.
        case existing
        /// Create it when the directory holds none.
        case createIfMissing
        /// Create it; a wallet already there is an error.
        case createNew
    }

    /// Opens the wallet, runs `body`, and closes the HTTP client whatever happens.
    /// - Parameters:
    ///   - access: whether the wallet may or must be created.
    ///   - mnemonic: the mnemonic to open (or create) the wallet with (`cashu restore`).
    ///   - recover: resume unfinished operations before `body` (every command but `cashu recover`, which reports).
    static func run<T: Sendable>(
        _ global: GlobalOptions,
        _ access: Access = .existing,
        mnemonic: Mnemonic? = nil,
        recover: Bool = true,
        _ body: @Sendable (WalletContext) async throws -> T
    ) async throws -> T {
        let directory = try global.walletDirectory()
        let output = Output(json: global.json)
        let exists = FileManager.default.fileExists(atPath: directory.databaseURL.path)
        switch access {
        case .existing where !exists:
            throw CLIError(
                .config,
                "no wallet in \(directory.url.path); create one with `cashu wallet init`",
                code: "noWallet"
            )
        case .createNew where exists:
            throw CLIError(.config, "a wallet already exists in \(directory.url.path)", code: "walletExists")
        default: break
        }
        let store: SQLiteWalletStore
        do { store = try SQLiteWalletStore(directory: directory) } catch {
            throw CLIError(
                .storage,
                "cannot open the wallet in \(directory.url.path): \(error.reason)",
                code: "storage"
            )
        }
        let secureStore = SecureStoreChoice.make(for: directory)
        let logger = Self.logger(verbose: global.verbose)
        let client = HTTPMintConnector.makeHTTPClient()
        do {
            let wallet = try await openWallet(
                store: store,
                secureStore: secureStore,
                mnemonic: mnemonic,
                client: client,
                logger: logger,
                verbose: global.verbose,
                directory: directory,
                existed: exists
            )
            // Makes no request when nothing is unfinished (Wallet.recover()).
            let report = recover ? await wallet.recover() : RecoveryReport()
            if !report.unresolved.isEmpty {
                output.warn(
                    "\(report.unresolved.count) unfinished operation(s) still pending; `cashu recover` retries them"
                )
            }
            await TestKillHook.install(on: wallet)
            if !exists && access == .createIfMissing {
                output.note(
                    "Created a new wallet in \(directory.url.path). Back up its recovery phrase: cashu wallet backup"
                )
            }
            let context = WalletContext(
                wallet: wallet,
                store: store,
                secureStore: secureStore,
                directory: directory,
                global: global,
                output: output,
                created: !exists,
                recovery: report
            )
            let result = try await body(context)
            try? await client.shutdown()
            return result
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// `Wallet.open` without its own recovery pass (the caller runs and reports it).
    private static func openWallet(
        store: SQLiteWalletStore,
        secureStore: any SecureStore,
        mnemonic: Mnemonic?,
        client: HTTPClient,
        logger: Logger,
        verbose: Bool,
        directory: WalletDirectory,
        existed: Bool
    ) async throws -> Wallet {
        let result: Result<Wallet, WalletError>
        do {
            result = .success(
                try await Wallet.open(
                    store: store,
                    secureStore: secureStore,
                    mnemonic: mnemonic,
                    connectorFactory: { url in
                        HTTPMintConnector(mintURL: url, httpClient: client, logger: verbose ? logger : nil)
                    },
                    logger: logger,
                    recover: false,
                    leases: store.operationLeases
                )
            )
        } catch {
            result = .failure(error)
        }
        switch result {
        case .success(let wallet):
            return wallet
        case .failure(let error) where error.code == .secureStore && existed && mnemonic == nil:
            // The engine refuses to make a new mnemonic for a store that has a seed: say what to do.
            throw CLIError(
                .storage,
                "\(error.reason) (wallet in \(directory.url.path)); to restore it run `cashu restore` "
                    + "with its recovery phrase",
                code: error.code.rawValue
            )
        case .failure(let error):
            throw error
        }
    }

    /// The logger: stderr at debug level with `--verbose`, silent otherwise. The engine logs fixed messages only.
    /// LinuxWallet: the redacting log handler goes here.
    static func logger(verbose: Bool) -> Logger {
        guard verbose else { return Logger(label: "cashu", factory: { _ in SwiftLogNoOpLogHandler() }) }
        var logger = Logger(label: "cashu", factory: { label in StreamLogHandler.standardError(label: label) })
        logger.logLevel = .debug
        return logger
    }

    // MARK: Mints

    /// The wallet's default mint, if set.
    func defaultMint() throws -> MintURL? {
        guard let text = try CLIMetadata.read(CLIMetadata.defaultMint, in: store), !text.isEmpty else { return nil }
        return try? MintURL(text)
    }

    /// Makes `url` the default mint.
    func setDefaultMint(_ url: MintURL?) throws {
        try CLIMetadata.write(CLIMetadata.defaultMint, url?.rawValue ?? "", in: store)
    }

    /// The mint a command acts on: `--mint`/`CASHU_MINT_URL`, else the default mint, else the wallet's only mint.
    /// - Parameter addIfMissing: add an explicitly named mint the wallet does not know yet (minting there).
    func mint(addIfMissing: Bool = false) async throws -> MintURL {
        let known = try await wallet.mints().map(\.url)
        if let explicit = try global.explicitMint() {
            if addIfMissing && !known.contains(explicit) {
                let capabilities = try await wallet.addMint(explicit)
                if try defaultMint() == nil { try setDefaultMint(explicit) }
                output.note("Added mint \(explicit)\(capabilities.name.map { " (\($0))" } ?? "").")
            }
            return explicit
        }
        if let chosen = try defaultMint() { return chosen }
        if known.count == 1, let only = known.first { return only }
        if known.isEmpty {
            throw CLIError(.config, "this wallet has no mint yet; add one with `cashu mints add URL`", code: "noMint")
        }
        throw CLIError(
            .config,
            "several mints and no default: pass --mint URL or set one with `cashu mints default URL`",
            code: "noMint"
        )
    }
}
