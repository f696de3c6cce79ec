// SecureStore: the chooser — Secret Service when one answers, else an encrypted file with a passphrase, else plaintext
// only on explicit opt-in, else a clear error; and the same store again every time a wallet is reopened.

import CoreCashu
import Foundation
import Logging

/// Picks and opens a wallet's `SecureStore`.
///
/// Precedence for a new wallet (no `secure-store.json` in its directory):
/// 1. An existing `secrets.enc` (encrypted) or `secrets.json` (plaintext) in the directory: that store (a
///    contradicting `preferred` is `.invalidInput`).
/// 2. `preferred`, when the host names a kind (e.g. a `--secure-store` option); it must be usable.
/// 3. The Secret Service (libsecret), when one answers with an unlocked default collection — or a locked one while
///    a graphical session (`DISPLAY`/`WAYLAND_DISPLAY`) can show the unlock prompt.
/// 4. The encrypted file store, when the host supplied a passphrase (`CASHU_PASSPHRASE` or a prompt).
/// 5. The plaintext file store, only when `allowPlaintext` is set; a warning is logged and returned every time.
/// 6. Otherwise `.noStoreAvailable`, saying why the Secret Service is unusable and what to do.
///
/// The choice and the wallet id are recorded in `secure-store.json`; a wallet that has a record always reopens the
/// same store, and fails with that store's error (`.serviceUnavailable`, `.locked`, `.passphraseRequired`,
/// `.wrongPassphrase`, `.plaintextNotAllowed`) rather than fall back to another, empty one.
package enum SecureStoreFactory {
    /// The plaintext store's file name in a wallet directory.
    package static let plaintextFileName = "secrets.json"

    /// What the host must show each time a wallet with plaintext secrets is opened.
    package static let plaintextWarning =
        "this wallet's secrets (the mnemonic included) are stored UNENCRYPTED on disk; anyone who can read the file "
        + "can take the funds. Use the Secret Service or an encrypted file (CASHU_PASSPHRASE) instead."

    /// Chooses (for a new wallet) or reopens (for an existing one) the secure store of the wallet in `directory`.
    ///
    /// - Parameters:
    ///   - directory: the wallet directory (created 0700 if missing, made 0700 if others may enter it).
    ///   - walletID: the id for a new wallet (a random one when `nil`); an existing wallet keeps its recorded id.
    ///   - passphrase: the encrypted store's passphrase, if the host has one.
    ///   - allowPlaintext: the user's explicit opt-in to unencrypted secrets.
    ///   - preferred: a kind the host insists on, if any.
    ///   - kdfParameters: the KDF of a new encrypted file.
    ///   - probeTimeout: how long to wait for the Secret Service to answer.
    ///   - environment: the process environment (for `DISPLAY`/`WAYLAND_DISPLAY`).
    ///   - logger: where the choice and the plaintext warning are logged.
    /// - Returns: the store, its kind, the wallet id and any warning to print.
    /// - Throws: ``SecureStoreError`` as described above, or `.invalidInput` when `walletID` or `preferred`
    ///   contradicts the wallet's record.
    package static func make(
        directory: URL,
        walletID: WalletID? = nil,
        passphrase: SecureBytes? = nil,
        allowPlaintext: Bool = false,
        preferred: SecureStoreKind? = nil,
        kdfParameters: KDFParameters = .standard,
        probeTimeout: Duration = .seconds(10),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        logger: Logger
    ) async throws(SecureStoreError) -> SecureStoreSelection {
        let context = Context(
            directory: directory,
            passphrase: passphrase,
            allowPlaintext: allowPlaintext,
            kdfParameters: kdfParameters,
            probeTimeout: probeTimeout,
            graphical: !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty,
            logger: logger
        )
        try PrivateFiles.makePrivateDirectory(directory)
        if let record = try SecureStoreRecord.read(in: directory) {
            if let walletID, walletID != record.wallet {
                throw SecureStoreError(
                    .invalidInput,
                    "the wallet in \(directory.path) has the id \(record.wallet), not \(walletID)"
                )
            }
            if let preferred, preferred != record.kind {
                throw SecureStoreError(
                    .invalidInput,
                    "the wallet in \(directory.path) keeps its secrets in the \(record.kind) store; moving them to "
                        + "the \(preferred) store is not supported"
                )
            }
            return try await open(record.kind, walletID: record.wallet, context: context, serviceChecked: false)
        }
        let id = walletID ?? WalletID.random()
        let (kind, serviceChecked) = try await choose(preferred: preferred, context: context)
        let selection = try await open(kind, walletID: id, context: context, serviceChecked: serviceChecked)
        try SecureStoreRecord(kind: kind, wallet: id).write(in: directory)
        logger.info("secure store chosen", metadata: ["kind": "\(kind)", "wallet": "\(id)"])
        return selection
    }

    /// What `make` was given, passed along.
    private struct Context {
        var directory: URL
        var passphrase: SecureBytes?
        var allowPlaintext: Bool
        var kdfParameters: KDFParameters
        var probeTimeout: Duration
        var graphical: Bool
        var logger: Logger
    }

    /// The kind for a new wallet, and whether the Secret Service was just found usable.
    private static func choose(
        preferred: SecureStoreKind?,
        context: Context
    ) async throws(SecureStoreError) -> (SecureStoreKind, serviceChecked: Bool) {
        let manager = FileManager.default
        let encrypted = context.directory.appendingPathComponent(EncryptedFileStore.defaultFileName)
        let plaintext = context.directory.appendingPathComponent(plaintextFileName)
        let found: SecureStoreKind? =
            manager.fileExists(atPath: encrypted.path)
            ? .encryptedFile : manager.fileExists(atPath: plaintext.path) ? .plaintextFile : nil
        if let found {
            if let preferred, preferred != found {
                throw SecureStoreError(
                    .invalidInput,
                    "\(context.directory.path) already holds secrets in the \(found) store, not the \(preferred) one"
                )
            }
            return (found, false)
        }
        if let preferred { return (preferred, false) }
        let problem = await LibSecretStore.probe(timeout: context.probeTimeout)
        guard let problem, !isUsableDespite(problem, context) else { return (.secretService, true) }
        context.logger.info(
            "no usable Secret Service",
            metadata: ["code": "\(problem.code)", "reason": "\(problem.reason)"]
        )
        if context.passphrase != nil { return (.encryptedFile, false) }
        if context.allowPlaintext { return (.plaintextFile, false) }
        throw SecureStoreError(
            .noStoreAvailable,
            "no secure store is available: \(problem.reason). Run inside a desktop session with a keyring (a Secret "
                + "Service on the D-Bus session bus), or set \(EncryptedFileStore.passphraseEnvironmentVariable) to "
                + "keep the secrets in an encrypted file; plaintext secrets need an explicit opt-in",
            underlying: problem
        )
    }

    /// A locked collection is usable when a graphical session can show libsecret's unlock prompt.
    private static func isUsableDespite(_ problem: SecureStoreError, _ context: Context) -> Bool {
        problem.code == .locked && context.graphical
    }

    /// Opens a store of `kind`, checking it can be used now.
    private static func open(
        _ kind: SecureStoreKind,
        walletID: WalletID,
        context: Context,
        serviceChecked: Bool
    ) async throws(SecureStoreError) -> SecureStoreSelection {
        switch kind {
        case .secretService:
            let problem = serviceChecked ? nil : await LibSecretStore.probe(timeout: context.probeTimeout)
            if let problem, !isUsableDespite(problem, context) {
                throw SecureStoreError(
                    problem.code,
                    "this wallet keeps its secrets in the Secret Service, which is not usable: \(problem.reason). "
                        + "Run inside the desktop session (DBUS_SESSION_BUS_ADDRESS) and unlock the keyring",
                    underlying: problem
                )
            }
            return SecureStoreSelection(
                store: LibSecretStore(walletID: walletID),
                kind: kind,
                walletID: walletID,
                warning: nil
            )
        case .encryptedFile:
            let file = context.directory.appendingPathComponent(EncryptedFileStore.defaultFileName)
            let store: EncryptedFileStore
            if let passphrase = context.passphrase {
                store = try EncryptedFileStore(file: file, passphrase: passphrase, parameters: context.kdfParameters)
            } else if let kept = WalletUnlock.keptKey(for: walletID) {
                // `cashu unlock` left the derived key in the session keyring: no passphrase, no KDF.
                store = EncryptedFileStore(file: file, unlocked: kept, parameters: context.kdfParameters)
            } else {
                throw SecureStoreError(
                    .passphraseRequired,
                    "this wallet's secrets are in an encrypted file: run `cashu unlock`, or set "
                        + "\(EncryptedFileStore.passphraseEnvironmentVariable)"
                )
            }
            try await store.unlock()
            return SecureStoreSelection(store: store, kind: kind, walletID: walletID, warning: nil)
        case .plaintextFile:
            guard context.allowPlaintext else {
                throw SecureStoreError(
                    .plaintextNotAllowed,
                    "this wallet's secrets are stored unencrypted; opening it needs the explicit plaintext opt-in"
                )
            }
            let file = context.directory.appendingPathComponent(plaintextFileName)
            context.logger.warning(
                "plaintext secure store",
                metadata: ["file": "\(file.path)", "warning": "\(plaintextWarning)"]
            )
            return SecureStoreSelection(
                store: FileSecureStore(file: file),
                kind: kind,
                walletID: walletID,
                warning: plaintextWarning
            )
        }
    }
}
