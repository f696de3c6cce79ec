// Offline queue: what runs one attempt of a queued operation (the wallet, or a test's script).

import CoreCashu
import Foundation

/// Runs attempts of queued operations.
protocol QueuedOperationRunner: Sendable {
    /// Lets the wallet resolve what earlier, interrupted attempts journaled (``Wallet/recover()``), before they are
    /// resumed.
    func recover() async

    /// Runs one attempt.
    /// - Parameters:
    ///   - entry: the entry, already marked running (attempts counted).
    ///   - request: its decoded request.
    ///   - interruptedAt: when the previous attempt started, when it was interrupted (the process died); `nil` when
    ///     no attempt was interrupted.
    ///   - save: stores the request's progress (a melt's quote id) before the attempt goes on.
    func attempt(
        _ entry: QueuedOperation,
        request: QueuedRequest,
        interruptedAt: Date?,
        save: @Sendable (QueuedRequest) async throws(WalletError) -> Void
    ) async -> QueueAttemptOutcome

    /// Operation ids already recorded as other entries' outcomes, for ``ReceiveAttribution``.
    var attributedOperations: @Sendable (MintURL) async -> Set<OperationID> { get }
}
