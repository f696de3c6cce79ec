// Offline queue: why an operation is still queued — a stable code and a secret-free sentence, for the user.

import CoreCashu

/// Why a queued operation did not finish when asked (``QueueDecision/queued(_:)``), and so what it waits for.
///
/// ``code`` is the last attempt's `WalletError/Code` (`mintUnreachable`: the mint could not be reached and
/// nothing was sent; `pending`: an earlier attempt's outcome is open and is settled first; `storage`, ...), or
/// ``notStarted`` when the entry was not tried (an earlier queued operation at its mint is unfinished, or another
/// process is running it). ``detail`` is the wallet's own secret-free reason: never a token or a secret.
public struct QueueWaitReason: Hashable, Sendable {
    /// The code of an entry that has not been tried yet.
    public static let notStarted = "notStarted"

    /// The last attempt's error code, or ``notStarted``.
    public let code: String
    /// What happened, in words (free of secrets).
    public let detail: String

    /// The reason of an entry as it stands.
    /// - Parameters:
    ///   - entry: a queued entry (its last error, if any).
    ///   - ahead: the unfinished entries queued before it at its mint, oldest first: an entry not tried yet waits
    ///     for them, so it takes the reason of the first one that has one (a mint that cannot be reached).
    package init(_ entry: QueuedEntry, ahead: [QueuedEntry] = []) {
        if let code = entry.lastErrorCode {
            self.code = code
            detail = entry.lastError ?? code
        } else if let blocking = ahead.first(where: { $0.lastErrorCode != nil }), let code = blocking.lastErrorCode {
            self.code = code
            detail = blocking.lastError ?? code
        } else {
            code = Self.notStarted
            detail = "not tried yet: an earlier queued operation at the mint is unfinished, or another process runs it"
        }
    }

    /// The reason of an operation queued after `error` and before any attempt (a payment whose quote could not be
    /// asked for).
    /// - Parameter error: the failure that made the caller queue it.
    public init(_ error: WalletError) {
        code = error.code.rawValue
        detail = error.reason
    }

    /// Whether the operation waits for its mint to be reachable again.
    package var mintUnreachable: Bool { code == WalletError.Code.mintUnreachable.rawValue }
}
