// NUT-29 — Batched mint: the error thrown when a batch mint request breaks the NUT-29 rules.

/// A batch mint request the mint would reject, caught before sending.
public struct BatchMintError: CashuError, Hashable {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    public typealias Code = ErrorCode<BatchMintError>

    /// What went wrong.
    public let code: Code
    /// A human-readable explanation.
    public let reason: String

    /// Creates an error.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == BatchMintError {
    /// `quotes` is empty.
    public static let emptyBatch = Self(rawValue: "emptyBatch")
    /// A quote id appears twice (mint error 11016).
    public static let duplicateQuotes = Self(rawValue: "duplicateQuotes")
    /// More quotes than the mint's `max_batch_size` (mint error 11017).
    public static let batchTooLarge = Self(rawValue: "batchTooLarge")
    /// A quote is not known to the wallet.
    public static let unknownQuote = Self(rawValue: "unknownQuote")
    /// A quote's method differs from the batch's method.
    public static let methodMismatch = Self(rawValue: "methodMismatch")
    /// Quotes or outputs use different units.
    public static let unitMismatch = Self(rawValue: "unitMismatch")
    /// `quote_amounts` or `signatures` do not have one entry per quote.
    public static let lengthMismatch = Self(rawValue: "lengthMismatch")
    /// A locked quote lacks a signature, or an unlocked one has one.
    public static let signatureMismatch = Self(rawValue: "signatureMismatch")
    /// The outputs do not sum to the quote amounts as the method requires.
    public static let amountMismatch = Self(rawValue: "amountMismatch")
    /// A sum overflowed 64 bits.
    public static let overflow = Self(rawValue: "overflow")

    /// The mint's NUT error code for this failure, where error_codes.md defines one.
    public var mintErrorCode: Int? {
        switch self {
        case .duplicateQuotes: 11016
        case .batchTooLarge: 11017
        default: nil
        }
    }
}
