// Wallet: the one error type of the wallet engine, keeping the mint's error and the cause.

/// Why a wallet operation failed. ``Code`` is what callers (and the CLI's exit codes) match on.
public struct WalletError: CashuError {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    public typealias Code = ErrorCode<WalletError>

    /// The kind of failure.
    public let code: Code
    /// A human explanation, free of secrets.
    public let reason: String
    /// The mint's own error, when the mint refused.
    public let mintError: MintError?
    /// The operation this concerns, when one was journaled (e.g. the one left pending).
    public let operationID: OperationID?
    /// The underlying error.
    package let underlying: (any Error)?

    /// Creates an error.
    package init(
        _ code: Code, _ reason: String, mintError: MintError? = nil, operationID: OperationID? = nil,
        underlying: (any Error)? = nil
    ) {
        self.code = code
        self.reason = reason
        self.mintError = mintError
        self.operationID = operationID
        self.underlying = underlying
    }

    public var description: String {
        var text = "WalletError.\(code): \(reason)"
        if let mintError { text += " [\(mintError)]" }
        if let operationID { text += " (operation \(operationID))" }
        return text
    }

    /// Maps what a store transaction's body threw: the wallet's own errors pass through, spending-condition and
    /// crypto failures of the plan keep their meaning, everything else is the store's.
    package static func storage(_ error: any Error) -> WalletError {
        switch error {
        case let walletError as WalletError:
            return walletError
        case let condition as SpendingConditionError:
            return WalletError(.invalidInput, "spending conditions cannot be met: \(condition)", underlying: error)
        case let crypto as CryptoError:
            return WalletError(.crypto, "a cryptographic step failed: \(crypto)", underlying: error)
        default:
            return WalletError(.storage, "wallet store failed: \(error)", underlying: error)
        }
    }

    /// What to do about a NUT-21/22 refusal, by the mint's code.
    static func authRefusal(_ endpoint: String, code: Int, missing: Bool) -> String {
        switch code {
        case 31003:
            return "the mint refused \(endpoint): more blind auth tokens asked for than it allows at once (31003)"
        case 31004:
            return "the mint limits how often blind auth tokens are minted (31004): try again in a minute"
        case 31001, 31002:
            return "the mint refused \(endpoint)'s blind auth token (\(code)): `cashu auth login` mints new ones"
        default:
            let what = missing ? "needs a login" : "refused the login"
            return "the mint \(what) for \(endpoint) (\(code)): `cashu auth login`, as a user the mint allows"
        }
    }

    /// Maps a failed request; `operationID` marks an operation the failure leaves pending.
    package static func mint(_ error: MintClientError, operationID: OperationID? = nil) -> WalletError {
        switch error.code {
        case .mintRefused:
            let refused = error.mintError
            let missing = error.isMissingAuthentication
            if let code = refused?.code, error.needsLogin {
                if operationID != nil {
                    // An operation left open (a resend refused for its login) is pending, not failed.
                    return WalletError(
                        .pending, "the mint wants a login (`cashu auth login`); the operation stays pending",
                        mintError: refused, operationID: operationID, underlying: error)
                }
                return WalletError(
                    .authenticationRequired, authRefusal(error.endpoint, code: code, missing: missing),
                    mintError: refused, operationID: operationID, underlying: error)
            }
            if refused?.known == .proofsAlreadySpent {
                return WalletError(
                    .alreadySpent, "the mint says the proofs are already spent", mintError: refused,
                    operationID: operationID, underlying: error)
            }
            return WalletError(
                .mintRefused, "the mint refused \(error.endpoint)", mintError: refused, operationID: operationID,
                underlying: error)
        case .unreachable:
            return WalletError(
                .mintUnreachable, "the mint cannot be reached (\(error.reason))", operationID: operationID,
                underlying: error)
        case .cancelled:
            return WalletError(.cancelled, "cancelled", operationID: operationID, underlying: error)
        case .authenticationRequired:
            // Never sent: nothing happened at the mint; an operation it belongs to stays pending.
            if operationID != nil {
                return WalletError(
                    .pending, "\(error.reason); the operation stays pending", operationID: operationID,
                    underlying: error)
            }
            return WalletError(.authenticationRequired, error.reason, underlying: error)
        default:
            if operationID != nil {
                return WalletError(
                    .pending, "no definite answer from the mint (\(error.code)); the operation stays pending",
                    operationID: operationID, underlying: error)
            }
            return WalletError(
                .mintUnreachable, "the mint did not answer properly (\(error.code): \(error.reason))",
                underlying: error)
        }
    }
}

extension ErrorCode where Domain == WalletError {
    /// The input (token, amount, request, URL) is malformed or not acceptable.
    public static let invalidInput = Self(rawValue: "invalidInput")
    /// The mint is not added to the wallet.
    public static let unknownMint = Self(rawValue: "unknownMint")
    /// The mint does not support what was asked (unit, method, NUT, amount limits).
    public static let unsupported = Self(rawValue: "unsupported")
    /// Not enough spendable proofs for the amount and its fees.
    public static let insufficientFunds = Self(rawValue: "insufficientFunds")
    /// The mint refused the request; `WalletError.mintError` has its code. Nothing was lost.
    public static let mintRefused = Self(rawValue: "mintRefused")
    /// The mint could not be reached; nothing was sent.
    public static let mintUnreachable = Self(rawValue: "mintUnreachable")
    /// The outcome is unknown (timeout, cut connection, broken answer). The operation stays pending and
    /// recovery resolves it; no proof is released or spent until then.
    public static let pending = Self(rawValue: "pending")
    /// The mint's answer is wrong (amounts, counts, keysets, signatures, DLEQ). Treated as ambiguous.
    public static let invalidMintResponse = Self(rawValue: "invalidMintResponse")
    /// A keyset's id does not match its keys, or collides with another mint's keyset.
    public static let keysetMismatch = Self(rawValue: "keysetMismatch")
    /// The token's proofs are already spent.
    public static let alreadySpent = Self(rawValue: "alreadySpent")
    /// A quote is not in a state that allows the operation (unpaid, expired, issued).
    public static let quoteState = Self(rawValue: "quoteState")
    /// The local store failed.
    public static let storage = Self(rawValue: "storage")
    /// A secret could not be read or written in the secure store.
    public static let secureStore = Self(rawValue: "secureStore")
    /// A cryptographic step failed.
    package static let crypto = Self(rawValue: "crypto")
    /// The operation was cancelled before anything left.
    public static let cancelled = Self(rawValue: "cancelled")
    /// A prepared operation was confirmed after it expired or was cancelled (or by another wallet): its inputs
    /// were released and nothing was spent. Prepare it again.
    public static let expired = Self(rawValue: "expired")
    /// A payment was made but could not be delivered to its payee (unreachable, refused): the token stays a
    /// pending send, to hand over another way or reclaim.
    public static let deliveryFailed = Self(rawValue: "deliveryFailed")
    /// NUT-21/22: the mint requires a login the wallet lacks or can no longer renew (`cashu auth login`).
    public static let authenticationRequired = Self(rawValue: "authenticationRequired")
}
