// CLI: the exit code table — one class per kind of failure, in the spirit of sysexits(3) (docs/cli.md, Exit codes).

import CoreCashu

/// A class of failure and the exit status `cashu` ends with for it.
enum ExitClass: Int32, CaseIterable, Sendable {
    /// The user declined a confirmation prompt; nothing happened.
    case declined = 1
    /// Bad command line: unknown option, missing argument, conflicting flags (EX_USAGE).
    case usage = 64
    /// Bad input data: a malformed or spent token, a bad amount, an unknown mint (EX_DATAERR).
    case input = 65
    /// The mint refused the request, or does not support it (unit, method, limits, quote state).
    case mintRefused = 66
    /// Not enough spendable ecash for the amount and its fees.
    case insufficientFunds = 67
    /// The mint cannot be reached; nothing was sent (EX_UNAVAILABLE).
    case mintUnreachable = 69
    /// A bug or an unexpected failure (EX_SOFTWARE).
    case `internal` = 70
    /// The wallet's store or secure store failed (EX_IOERR).
    case storage = 74
    /// The outcome is not known yet; the operation stays journaled and `cashu recover` settles it (EX_TEMPFAIL).
    case pending = 75
    /// The mint's answer is wrong (bad signatures, keyset mismatch) (EX_PROTOCOL).
    case `protocol` = 76
    /// The mint requires a login the wallet lacks or can no longer renew: `cashu auth login` (EX_NOPERM).
    case authentication = 77
    /// No wallet in the directory, or one already there, or no mint chosen (EX_CONFIG).
    case config = 78
    /// Interrupted by SIGINT or SIGTERM; anything journaled stays recoverable (128 + SIGINT).
    case interrupted = 130

    /// The name used in JSON error objects.
    var name: String {
        switch self {
        case .declined: "declined"
        case .usage: "usage"
        case .input: "input"
        case .mintRefused: "mint-refused"
        case .insufficientFunds: "insufficient-funds"
        case .mintUnreachable: "mint-unreachable"
        case .internal: "internal"
        case .storage: "storage"
        case .pending: "pending"
        case .protocol: "protocol"
        case .authentication: "authentication"
        case .config: "config"
        case .interrupted: "interrupted"
        }
    }

    /// The class of a wallet engine error.
    init(_ code: WalletError.Code) {
        switch code {
        case .invalidInput, .unknownMint, .alreadySpent: self = .input
        case .mintRefused, .unsupported, .quoteState: self = .mintRefused
        case .insufficientFunds: self = .insufficientFunds
        case .mintUnreachable, .deliveryFailed: self = .mintUnreachable
        case .expired: self = .input
        case .pending: self = .pending
        case .invalidMintResponse, .keysetMismatch: self = .protocol
        case .storage, .secureStore: self = .storage
        case .cancelled: self = .interrupted
        case .authenticationRequired: self = .authentication
        default: self = .internal
        }
    }
}
