// Offline queue: which wallet errors end a queued operation and which leave it queued (pure; see the docs' table).

import CoreCashu

/// Sorts a ``WalletError`` from an attempt into the queue's outcomes.
///
/// Only a definite answer fails an entry. An error with an operation id whose outcome is open (`pending`, a broken
/// answer, a cut connection after the request left) makes the entry wait for the wallet's recovery of that
/// operation; errors that mean nothing happened (`mintUnreachable` before anything was sent, a local store or
/// keyring failure, cancellation) leave it queued to run again.
enum QueueFailurePolicy {
    static func outcome(for error: WalletError) -> QueueAttemptOutcome {
        switch error.code {
        case .mintUnreachable, .pending, .invalidMintResponse, .storage, .secureStore, .cancelled:
            if let operation = error.operationID { return .waiting(operation, error) }
            return .deferred(error)
        case .mintRefused where error.mintError?.known == nil:
            // A refusal without a code this wallet knows (a rate limit, a 5xx with a body, Nutshell's generic code
            // 0) says nothing definite about the operation: try again later rather than fail it for good.
            if let operation = error.operationID { return .waiting(operation, error) }
            return .deferred(error)
        default:
            // invalidInput, unknownMint, unsupported, insufficientFunds, mintRefused, keysetMismatch, alreadySpent,
            // quoteState, crypto and codes added later: the mint or the wallet gave a definite answer.
            return .failed(error)
        }
    }
}
