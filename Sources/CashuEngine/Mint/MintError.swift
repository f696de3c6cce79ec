// NUT-00 — Errors: the mint's own `{"detail": str, "code": int}` answer, kept whole (codes from error_codes.md).

/// An error the mint reported in its NUT-00 error body. Unknown codes are kept, never dropped.
public struct MintError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The mint's numeric error code (e.g. 11001), or `nil` when the body carried none.
    public var code: Int?
    /// The mint's human-readable detail, truncated to 512 characters.
    public var detail: String

    /// Creates a mint error.
    package init(code: Int?, detail: String) {
        self.code = code
        self.detail = String(detail.prefix(512))
    }

    /// A well-known code, when the mint used one.
    package var known: KnownCode? { code.flatMap(KnownCode.init(rawValue:)) }

    public var description: String {
        if let code { return "mint error \(code): \(detail)" }
        return "mint error: \(detail)"
    }

    /// The codes of the NUT error table the wallet reacts to.
    package enum KnownCode: Int, Sendable, CaseIterable {
        case proofVerificationFailed = 10001
        case proofsAlreadySpent = 11001
        case proofsPending = 11002
        case outputsAlreadySigned = 11003
        case outputsPending = 11004
        case transactionNotBalanced = 11005
        case amountOutsideLimits = 11006
        case duplicateInputs = 11007
        case duplicateOutputs = 11008
        case multipleUnits = 11009
        case inputOutputUnitMismatch = 11010
        case amountlessNotSupported = 11011
        case amountMismatch = 11012
        case unitNotSupported = 11013
        case maxInputsExceeded = 11014
        case maxOutputsExceeded = 11015
        case duplicateQuoteIDs = 11016
        case maxBatchSizeExceeded = 11017
        case keysetUnknown = 12001
        case keysetInactive = 12002
        case keysetExpired = 12003
        case quoteNotPaid = 20001
        case quoteAlreadyIssued = 20002
        case mintingDisabled = 20003
        case lightningPaymentFailed = 20004
        case quotePending = 20005
        case invoiceAlreadyPaid = 20006
        case quoteExpired = 20007
        case mintSignatureInvalid = 20008
        case pubkeyRequired = 20009
        case clearAuthRequired = 30001
        case clearAuthFailed = 30002
        case blindAuthRequired = 31001
        case blindAuthFailed = 31002
        case maxBlindAuthExceeded = 31003
        case blindAuthRateLimited = 31004
    }
}
