// LinuxWallet: what a host chooses when it opens a wallet on Linux (directory, secrets, network, logging).

import CashuNostr
import CashuPostgres
import CashuServices
import CoreCashu
import Foundation
import Logging

/// How `LinuxWallet/open(_:mnemonic:recover:)` assembles a wallet.
///
/// ``init(environment:directory:)`` reads the usual environment: `CASHU_DIR` (else `$XDG_DATA_HOME/cashu`),
/// `CASHU_PASSPHRASE` (the encrypted file store's passphrase), `CASHU_SECRET_STORE` (`secret-service`,
/// `encrypted-file` or `plaintext-file`; the last is the explicit opt-in to a plaintext seed), `CASHU_PROXY` and
/// `CASHU_DATABASE_URL` (a PostgreSQL wallet shared by several processes and hosts, instead of the directory's
/// SQLite file; libpq's `PG*` variables and service file fill what the URL leaves out).
public struct LinuxWalletConfiguration: Sendable {
    /// The wallet directory (database, leases, the secure store's record or files).
    package var directory: WalletDirectory
    /// The encrypted file store's passphrase, when there is no Secret Service.
    package var passphrase: SecureBytes?
    /// The secure store kind to use for a new wallet (an existing wallet keeps the one it has).
    package var preferredSecureStore: SecureStoreKind?
    /// Allow a plaintext seed file (warned about on every open).
    package var allowPlaintextSecrets: Bool
    /// The engine's tunables.
    public var options: WalletOptions
    /// Deadlines of mint requests.
    package var timeouts: MintTimeouts
    /// Wait for quotes and melts through NUT-17 WebSockets where the mint offers them (else the wallet polls).
    package var useWebSockets: Bool
    /// The WebSocket clients' timeouts and reconnection.
    package var webSocket: WebSocketConfiguration
    /// Watch the network (rtnetlink) and probe the mints, so the offline queue runs as soon as a mint is back.
    /// For long-running hosts; a one-shot command leaves it off and tries the mint when asked.
    public var watchReachability: Bool
    /// The reachability probes' schedule.
    package var reachability: ReachabilityConfiguration
    /// How often the background queue retries whatever the monitor says (long-running hosts).
    public var queueRetryInterval: Duration
    /// Where the wallet and its parts log; wrap the handler in `RedactingLogHandler` (`CashuLogging` does).
    public var logger: Logger
    /// The environment the secure store chooser reads (`DISPLAY`, D-Bus).
    package var environment: [String: String]
    /// Told each time a mint's rate limit makes a request wait (the mint, how long); e.g. to tell the user.
    public var onRateLimited: (@Sendable (MintURL, Duration) -> Void)?
    /// The proxy every connection goes through (mint requests, NUT-17 WebSockets, reachability probes); nothing goes
    /// out directly, even when it is down. `nil`: direct.
    public var proxy: NetworkProxy?
    /// The PostgreSQL database holding the wallet; `nil`: the SQLite file in `directory`. The directory still
    /// holds the secure store (the recovery phrase) and the open lock of this host.
    public var database: PostgresStoreConfiguration?
    /// The Nostr relays to use (NUT-27 backup, NUT-18 over Nostr, NIP-47), over the wallet's own list; `[]` turns
    /// Nostr off. `nil`: the wallet's list, else `NostrRelayChoice.defaults`.
    package var nostrRelays: [NostrRelayURL]?
    /// Back the mint list up to the relays whenever it changes (NUT-27). `CASHU_NOSTR_BACKUP=off` turns it off for a
    /// process; `cashu nostr backup --disable` for the wallet.
    package var mintBackup: Bool = true
    /// The relay client to use instead of the wallet's own (a host with its own connections, tests).
    package var nostrRelayAccess: (any NostrRelayAccess)?

    /// A configuration for the wallet in `directory`: the secure store chosen for the machine (the Secret Service
    /// where there is one), NUT-17 WebSockets, no reachability watch, no log. Set the public fields to change those;
    /// ``init(environment:directory:)`` reads the `CASHU_*` environment instead.
    public init(directory: WalletDirectory) {
        self.init(directory: directory, passphrase: nil)
    }

    /// A configuration for the wallet in `directory`.
    package init(
        directory: WalletDirectory,
        passphrase: SecureBytes? = nil,
        preferredSecureStore: SecureStoreKind? = nil,
        allowPlaintextSecrets: Bool = false,
        options: WalletOptions = WalletOptions(),
        timeouts: MintTimeouts = .default,
        useWebSockets: Bool = true,
        webSocket: WebSocketConfiguration = .default,
        watchReachability: Bool = false,
        reachability: ReachabilityConfiguration = ReachabilityConfiguration(),
        queueRetryInterval: Duration = .seconds(60),
        logger: Logger = Logger(label: "cashu", factory: { _ in SwiftLogNoOpLogHandler() }),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.directory = directory
        self.passphrase = passphrase
        self.preferredSecureStore = preferredSecureStore
        self.allowPlaintextSecrets = allowPlaintextSecrets
        self.options = options
        self.timeouts = timeouts
        self.useWebSockets = useWebSockets
        self.webSocket = webSocket
        self.watchReachability = watchReachability
        self.reachability = reachability
        self.queueRetryInterval = queueRetryInterval
        self.logger = logger
        self.environment = environment
    }

    /// The environment variable naming the secure store kind for a new wallet.
    package static let secretStoreVariable = "CASHU_SECRET_STORE"
    /// The environment variable naming the proxy (`socks5h://127.0.0.1:9050`).
    package static let proxyVariable = "CASHU_PROXY"
    /// The environment variable naming a PostgreSQL database for the wallet (`postgres://user@host/db?schema=...`).
    package static let databaseVariable = "CASHU_DATABASE_URL"
    /// The environment variable listing Nostr relays (`wss://a,wss://b`, or `none`).
    package static let nostrRelaysVariable = "CASHU_NOSTR_RELAYS"
    /// The environment variable that turns the NUT-27 mint list backup off (`off`, `0`, `false`, `no`).
    package static let mintBackupVariable = "CASHU_NOSTR_BACKUP"

    /// A configuration from the environment; `directory` overrides `CASHU_DIR`.
    /// - Throws: `LinuxWalletError` `configuration` when no wallet directory can be named, or
    ///   `CASHU_SECRET_STORE` names no known store.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        directory: WalletDirectory? = nil
    ) throws {
        let chosen: WalletDirectory
        if let directory {
            chosen = directory
        } else if let path = environment["CASHU_DIR"], !path.isEmpty {
            chosen = WalletDirectory(url: URL(fileURLWithPath: path).standardizedFileURL)
        } else {
            do { chosen = try WalletDirectory.standard(environment: environment) } catch {
                throw LinuxWalletError(.configuration, "no wallet directory: set CASHU_DIR, XDG_DATA_HOME or HOME")
            }
        }
        var preferred: SecureStoreKind?
        if let name = environment[Self.secretStoreVariable], !name.isEmpty {
            guard let kind = SecureStoreKind(rawValue: name) else {
                let known = SecureStoreKind.allCases.map(\.rawValue).joined(separator: ", ")
                throw LinuxWalletError(.configuration, "\(Self.secretStoreVariable) must be one of \(known)")
            }
            preferred = kind
        }
        var proxy: NetworkProxy?
        if let text = environment[Self.proxyVariable], !text.isEmpty {
            do { proxy = try NetworkProxy(text) } catch {
                throw LinuxWalletError(.configuration, "\(Self.proxyVariable): \(error.reason)")
            }
        }
        var database: PostgresStoreConfiguration?
        if let text = environment[Self.databaseVariable], !text.isEmpty {
            do { database = try PostgresStoreConfiguration(url: text, environment: environment) } catch {
                throw LinuxWalletError(.configuration, "\(Self.databaseVariable): \(error.reason)")
            }
        }
        var relays: [NostrRelayURL]?
        if let text = environment[Self.nostrRelaysVariable], !text.trimmingCharacters(in: .whitespaces).isEmpty {
            do { relays = try NostrRelayChoice.parse(text) } catch {
                throw LinuxWalletError(.configuration, "\(Self.nostrRelaysVariable): \(error.reason)")
            }
        }
        self.init(
            directory: chosen,
            passphrase: EncryptedFileStore.passphrase(from: environment),
            preferredSecureStore: preferred,
            allowPlaintextSecrets: preferred == .plaintextFile,
            environment: environment
        )
        self.proxy = proxy
        self.database = database
        self.nostrRelays = relays
        if let text = environment[Self.mintBackupVariable]?.lowercased(), ["off", "0", "false", "no"].contains(text) {
            self.mintBackup = false
        }
    }
}
