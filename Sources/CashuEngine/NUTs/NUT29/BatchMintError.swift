// NUT-29 — Batched mint: the error thrown when a batch mint request breaks the NUT-29 rules.

/// A batch mint request the mint would reject, caught before sending.
package struct BatchMintError: CashuError, Hashable {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<BatchMintError>

    /// What went wrong.
    package let code: Code
    /// A human-readable explanation.
    package let reason: String

    /// Creates an error.
    package init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == BatchMintError {
    /// `quotes` is empty.
    package static let emptyBatch = Self(rawValue: "emptyBatch")
    /// A quote id appears twice (mint error 11016).
    package static let duplicateQuotes = Self(rawValue: "duplicateQuotes")
    /// More quotes than the mint's `max_batch_size` (mint error 11017).
    package static let batchTooLarge = Self(rawValue: "batchTooLarge")
    /// A quote is not known to the wallet.
    package static let unknownQuote = Self(rawValue: "unknownQuote")
    /// A quote's method differs from the batch's method.
    package static let methodMismatch = Self(rawValue: "methodMismatch")
    /// Quotes or outputs use different units.
    package static let unitMismatch = Self(rawValue: "unitMismatch")
    /// `quote_amounts` or `signatures` do not have one entry per quote.
    package static let lengthMismatch = Self(rawValue: "lengthMismatch")
    /// A locked quote lacks a signature, or an unlocked one has one.
    package static let signatureMismatch = Self(rawValue: "signatureMismatch")
    /// The outputs do not sum to the quote amounts as the method requires.
    package static let amountMismatch = Self(rawValue: "amountMismatch")
    /// A sum overflowed 64 bits.
    package static let overflow = Self(rawValue: "overflow")

    /// The mint's NUT error code for this failure, where error_codes.md defines one.
    package var mintErrorCode: Int? {
        switch self {
        case .duplicateQuotes: 11016
        case .batchTooLarge: 11017
        default: nil
        }
    }
}
