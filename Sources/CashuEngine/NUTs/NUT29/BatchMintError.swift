// NUT-29 — Batched mint: the error thrown when a batch mint request breaks the NUT-29 rules.

/// A batch mint request the mint would reject, caught before sending.
public struct BatchMintError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as a value callers can compare.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// `quotes` is empty.
        public static let emptyBatch = Code(rawValue: "emptyBatch")
        /// A quote id appears twice (mint error 11016).
        public static let duplicateQuotes = Code(rawValue: "duplicateQuotes")
        /// More quotes than the mint's `max_batch_size` (mint error 11017).
        public static let batchTooLarge = Code(rawValue: "batchTooLarge")
        /// A quote is not known to the wallet.
        public static let unknownQuote = Code(rawValue: "unknownQuote")
        /// A quote's method differs from the batch's method.
        public static let methodMismatch = Code(rawValue: "methodMismatch")
        /// Quotes or outputs use different units.
        public static let unitMismatch = Code(rawValue: "unitMismatch")
        /// `quote_amounts` or `signatures` do not have one entry per quote.
        public static let lengthMismatch = Code(rawValue: "lengthMismatch")
        /// A locked quote lacks a signature, or an unlocked one has one.
        public static let signatureMismatch = Code(rawValue: "signatureMismatch")
        /// The outputs do not sum to the quote amounts as the method requires.
        public static let amountMismatch = Code(rawValue: "amountMismatch")
        /// A sum overflowed 64 bits.
        public static let overflow = Code(rawValue: "overflow")

        /// The mint's NUT error code for this failure, where error_codes.md defines one.
        public var mintErrorCode: Int? {
            switch self {
            case .duplicateQuotes: 11016
            case .batchTooLarge: 11017
            default: nil
            }
        }
    }

    /// What went wrong.
    public let code: Code
    /// A human-readable explanation.
    public let reason: String

    /// Creates an error.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "BatchMintError.\(code): \(reason)" }
}
