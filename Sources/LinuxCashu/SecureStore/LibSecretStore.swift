// SecureStore: the wallet's secrets in the freedesktop Secret Service (gnome-keyring, KeePassXC, …) via libsecret.

import CoreCashu
import Dispatch
import Foundation

/// A `SecureStore` over the Secret Service, one item per secret.
///
/// Items use the schema `org.cashu.Wallet` with the attributes `wallet` (the ``WalletID``) and `key` (the
/// `SecureStoreKey`), so several wallets share a keyring; `secret-tool search wallet <id>` lists one wallet's items.
/// Values are stored as raw bytes (`application/octet-stream`). Each call blocks on D-Bus, so it runs on a serial
/// queue of the store's own; cancelling the awaiting task cancels the call.
///
/// Errors: `.serviceUnavailable` (no D-Bus session, or no Secret Service on it), `.noDefaultCollection`, `.locked`
/// (the collection stayed locked: libsecret would otherwise answer "no value" as if the secret were missing),
/// `.serviceFailure`.
package final class LibSecretStore: SecureStore {
    /// The wallet whose items this store reads and writes.
    package let walletID: WalletID
    private let client: LibSecretClient
    private let executor: BlockingExecutor

    /// A store for `walletID`'s secrets.
    ///
    /// - Parameters:
    ///   - walletID: the `wallet` attribute of every item.
    ///   - collection: the alias of the collection new items go to (`default`, or gnome-keyring's in-memory
    ///     `session`); `nil` for the default collection (the login keyring).
    package init(walletID: WalletID, collection: String? = nil) {
        self.walletID = walletID
        self.client = LibSecretClient(collection: collection)
        self.executor = BlockingExecutor(label: "cashu.libsecret.\(walletID.rawValue)")
    }

    /// The secret under `key`, or `nil`.
    ///
    /// - Throws: ``SecureStoreError``.
    package func load(key: String) async throws -> SecureBytes? {
        let (client, wallet) = (self.client, walletID.rawValue)
        return try await perform { cancellable throws(SecureStoreError) in
            try client.lookup(wallet: wallet, key: key, cancellable: cancellable)
        }
    }

    /// Stores `value` under `key`, replacing an existing value; durable in the Secret Service when it returns.
    ///
    /// - Throws: ``SecureStoreError``.
    package func save(_ value: SecureBytes, key: String) async throws {
        let (client, wallet) = (self.client, walletID.rawValue)
        try await perform { cancellable throws(SecureStoreError) in
            try client.store(value, wallet: wallet, key: key, cancellable: cancellable)
        }
    }

    /// Removes the secret under `key` (no error when absent).
    ///
    /// - Throws: ``SecureStoreError``.
    package func delete(key: String) async throws {
        let (client, wallet) = (self.client, walletID.rawValue)
        try await perform { cancellable throws(SecureStoreError) in
            try client.clear(wallet: wallet, key: key, cancellable: cancellable)
        }
    }

    /// Removes every secret of this wallet (for deleting a wallet; the mnemonic goes too).
    ///
    /// - Throws: ``SecureStoreError``.
    package func deleteAll() async throws(SecureStoreError) {
        let (client, wallet) = (self.client, walletID.rawValue)
        try await perform { cancellable throws(SecureStoreError) in
            try client.clear(wallet: wallet, key: nil, cancellable: cancellable)
        }
    }

    /// Whether a Secret Service answers on the session bus with an unlocked default collection.
    ///
    /// - Parameters:
    ///   - timeout: how long to wait for an answer before calling it unavailable.
    ///   - collection: the alias of the collection to check (`nil` for the default one).
    /// - Returns: `nil` when the service is usable, else why not (`.serviceUnavailable`, `.noDefaultCollection`,
    ///   `.locked`).
    package static func probe(timeout: Duration = .seconds(10), collection: String? = nil) async -> SecureStoreError? {
        let client = LibSecretClient(collection: collection)
        let cancellable = GLibCancellable()
        let answer = ProbeAnswer()
        // The answer is whichever comes first: the probe's, or the deadline's. A bus that never replies keeps the
        // probe's thread until GDBus gives up (25 s), but the caller moves on.
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout.secondsForDispatch) {
                cancellable.cancel()
                answer.once {
                    continuation.resume(
                        returning: SecureStoreError(
                            .serviceUnavailable,
                            "the Secret Service did not answer within \(timeout)"
                        )
                    )
                }
            }
            DispatchQueue(label: "cashu.libsecret.probe").async {
                let result: SecureStoreError?
                do throws(SecureStoreError) {
                    try client.probe(cancellable: cancellable)
                    result = nil
                } catch {
                    result = error
                }
                answer.once { continuation.resume(returning: result) }
            }
        }
    }

    /// Runs a blocking libsecret call on the store's queue; task cancellation cancels the call.
    private func perform<T: Sendable>(
        _ body: @escaping @Sendable (GLibCancellable) throws(SecureStoreError) -> T
    ) async throws(SecureStoreError) -> T {
        let cancellable = GLibCancellable()
        let executor = self.executor
        let result: Result<T, SecureStoreError> = await withTaskCancellationHandler {
            do throws(SecureStoreError) {
                return .success(try await executor.run { () throws(SecureStoreError) -> T in try body(cancellable) })
            } catch {
                return .failure(error)
            }
        } onCancel: {
            cancellable.cancel()
        }
        return try result.get()
    }
}

extension Duration {
    /// The duration in seconds, for Dispatch deadlines.
    fileprivate var secondsForDispatch: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Lets exactly one of several racing callbacks through.
private final class ProbeAnswer: @unchecked Sendable {
    // @unchecked: `answered` is only touched with `lock` held.
    private let lock = NSLock()
    private var answered = false

    func once(_ body: () -> Void) {
        let first = lock.withLock {
            defer { answered = true }
            return !answered
        }
        if first { body() }
    }
}
