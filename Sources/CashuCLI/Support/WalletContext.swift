// CLI: the one place the wallet is opened — through LinuxCashu's LinuxWallet (SQLite store, libsecret or encrypted
// secrets, NUT-17 WebSockets, the offline queue, the redacting logger) — and the resumption of unfinished operations.

import CoreCashu
import Foundation
import Synchronization
import CashuPostgres
import LinuxCashu
import Logging

/// An open wallet and what a command needs around it.
struct WalletContext: Sendable {
    let linux: LinuxWallet
    let directory: WalletDirectory
    let global: GlobalOptions
    let output: Output
    /// The wallet was created by this command.
    let created: Bool
    /// Set by a command whose mint list is incomplete on purpose (a restore that could not add every mint of the
    /// backup): the backup is then not replaced by it.
    let holdMintBackup = CancelFlag()

    var wallet: Wallet { linux.wallet }
    var secureStore: any SecureStore { linux.secrets.store }
    /// What the start-up recovery pass did.
    var recovery: RecoveryReport { linux.recovery }

    /// How a command wants the wallet.
    enum Access {
        /// The wallet must exist.
        case existing
        /// Create it when the directory holds none.
        case createIfMissing
        /// Create it; a wallet already there is an error.
        case createNew
    }

    /// Opens the wallet, runs `body`, and closes the wallet's connections whatever happens.
    /// - Parameters:
    ///   - access: whether the wallet may or must be created.
    ///   - mnemonic: the mnemonic to open (or create) the wallet with (`cashu restore`).
    ///   - recover: resume unfinished operations before `body` (every command but `cashu recover`, which reports).
    ///   - service: open it as the long-running service does: the reachability monitor and the offline queue
    ///     running, quotes polled less often.
    static func run<T: Sendable>(
        _ global: GlobalOptions,
        _ access: Access = .existing,
        mnemonic: Mnemonic? = nil,
        recover: Bool = true,
        service: Bool = false,
        _ body: @Sendable (WalletContext) async throws -> T
    ) async throws -> T {
        let directory = try global.walletDirectory()
        let output = Output(json: global.json)
        // Before anything else looks inside: a directory another user could tamper with is refused (exit 78).
        do { try WalletDirectorySafety.check(directory) } catch { throw CLIError(linuxWallet: error) }
        let configuration = try Self.configuration(directory: directory, global: global, service: service)
        let exists = try await Self.exists(configuration)
        let place = configuration.database.map { "the database \($0)" } ?? directory.url.path
        switch access {
        case .existing where !exists:
            throw CLIError(
                .config,
                "no wallet in \(place); create one with `cashu wallet init`",
                code: "noWallet"
            )
        case .createNew where exists:
            throw CLIError(.config, "a wallet already exists in \(place)", code: "walletExists")
        default: break
        }
        // Opening's failures are said the way a user can act on; the body's own errors pass through as they are.
        let opened = Mutex(false)
        do {
            return try await LinuxWallet.withWallet(configuration, mnemonic: mnemonic, recover: recover) { linux in
                opened.withLock { $0 = true }
                // A plaintext store's warning is logged by the chooser on every open (stderr, through the logger).
                if !linux.recovery.unresolved.isEmpty {
                    output.warn(
                        "\(linux.recovery.unresolved.count) unfinished operation(s) still pending; `cashu recover` "
                            + "retries them")
                }
                if !exists && access == .createIfMissing {
                    output.note(
                        "Created a new wallet in \(directory.url.path). Back up its recovery phrase: cashu wallet backup"
                    )
                }
                let context = WalletContext(
                    linux: linux, directory: directory, global: global, output: output, created: !exists)
                let mintsBefore = try? await linux.wallet.mints().map(\.url)
                let result = try await body(context)
                await context.backUpMintListIfChanged(since: mintsBefore)
                return result
            }
        } catch where !opened.withLock({ $0 }) {
            throw Self.openingError(error, directory: directory, existed: exists, mnemonic: mnemonic)
        }
    }

    /// NUT-27: publishes the mint list when the command changed it; a failure is a warning (`cashu refresh` and the
    /// next change retry it).
    func backUpMintListIfChanged(since before: [MintURL]?) async {
        guard !holdMintBackup.isSet, let after = try? await wallet.mints().map(\.url), Set(after) != Set(before ?? [])
        else { return }
        let report = await linux.backUpMintList()
        if !report.isPublished && !report.isSkipped {
            output.warn("mint list not backed up to Nostr (\(report)); `cashu refresh` retries")
        }
    }

    /// Whether the wallet exists (its SQLite file, or a wallet in its PostgreSQL schema).
    static func exists(_ configuration: LinuxWalletConfiguration) async throws -> Bool {
        do { return try await LinuxWallet.exists(configuration) } catch { throw CLIError(linuxWallet: error) }
    }

    /// Whether a wallet exists where `global` points, without opening it (`cashu refresh`'s first look).
    static func exists(_ global: GlobalOptions) async throws -> Bool {
        let directory = try global.walletDirectory()
        return try await exists(configuration(directory: directory, global: global, service: false))
    }

    /// The configuration of the wallet `global` names: the environment's, with the command line's choices on top.
    static func configuration(
        directory: WalletDirectory, global: GlobalOptions, service: Bool
    ) throws -> LinuxWalletConfiguration {
        let environment = ProcessInfo.processInfo.environment
        var configuration: LinuxWalletConfiguration
        do {
            configuration = try LinuxWalletConfiguration(environment: environment, directory: directory)
            if let database = global.database, !database.isEmpty {
                configuration.database = try PostgresStoreConfiguration(url: database, environment: environment)
            }
            // A named wallet keeps its tables in a schema of its own beside the default wallet's.
            configuration.database = try configuration.database?.forWallet(named: global.walletName())
        } catch let error as WalletError {
            throw CLIError(.config, "--database: \(error.reason)", code: "config")
        } catch let error as any CashuError {
            // The wallet's configuration (the environment, the directory).
            throw CLIError(.config, error.reason, code: "config")
        }
        configuration.proxy = try ProxyChoice.resolve(global)
        configuration.logger = logger(verbose: global.verbose)
        if service {
            configuration.watchReachability = true
            // Quotes are waited for by the hour: through NUT-17 where the mint offers it, else a poll every 5 s.
            configuration.options = WalletOptions(pollInterval: .seconds(5))
            // Entries other processes queue are also run at this pace, whatever the monitor says.
            configuration.queueRetryInterval = .seconds(30)
        }
        configuration.onRateLimited = RateLimitNotice.shared.heard
        return configuration
    }

    /// A failure of opening the wallet, said the way a user can act on.
    private static func openingError(
        _ error: any Error, directory: WalletDirectory, existed: Bool, mnemonic: Mnemonic?
    ) -> any Error {
        if CLIError.areaError(error) != nil { return CLIError(linuxWallet: error) }
        if let error = error as? WalletError, error.code == .secureStore && existed && mnemonic == nil {
            // The engine refuses to make a new mnemonic for a store that has a seed: say what to do.
            return CLIError(
                .storage,
                "\(error.reason) (wallet in \(directory.url.path)); to restore it run `cashu restore` "
                    + "with its recovery phrase",
                code: error.code.description
            )
        }
        return error
    }

    /// The logger: stderr through the redacting handler, at warning level, debug with `--verbose`, or `CASHU_LOG`.
    static func logger(verbose: Bool) -> Logger {
        let level = LogLevel.choose(verbose: verbose, environment: ProcessInfo.processInfo.environment).level
        return Logger(label: "cashu") { label in CashuLogging.standardErrorHandler(label: label, level: level) }
    }

    // MARK: Mints

    /// The mints a command that reports per mint covers: the wallet's, or only the one `--mint`/`CASHU_MINT_URL`
    /// names (none when the wallet does not know it).
    func mintsInScope() async throws -> [MintURL] {
        let filter = try global.explicitMint()
        let mints = try await wallet.mints().map(\.url)
        return filter.map { filter in mints.filter { $0 == filter } } ?? mints
    }

    /// The mint a command acts on: `--mint`/`CASHU_MINT_URL`, else the default mint, else the wallet's only mint.
    /// - Parameter addIfMissing: add an explicitly named mint the wallet does not know yet (minting there).
    func mint(addIfMissing: Bool = false) async throws -> MintURL {
        let known = try await wallet.mints().map(\.url)
        if let explicit = try global.explicitMint() {
            if addIfMissing && !known.contains(explicit) {
                let capabilities = try await wallet.addMint(explicit)
                if try await wallet.defaultMint() == nil { try await wallet.setDefaultMint(explicit) }
                output.note("Added mint \(explicit)\(capabilities.name.map { " (\($0))" } ?? "").")
            }
            return explicit
        }
        if let chosen = try await wallet.defaultMint() { return chosen }
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
