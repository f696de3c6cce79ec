// NIP-47 — Nostr Wallet Connect: how the wallet behind the service says no, and the NIP-47 code each becomes.

/// A failure of the wallet behind the service.
///
/// From ``NWCWalletBackend/pay(_:)``, only the codes with ``Code/provesNothingSpent`` release a payment's budget:
/// any other error counts as an outcome not yet known (the payment may still succeed), so a backend throws those
/// codes only when it knows nothing was and nothing will be spent.
public struct NWCBackendError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Not enough funds for the amount and the fee reserve (nothing was spent).
        public static let insufficientBalance = Code(rawValue: "insufficientBalance")
        /// The payment definitely failed and nothing was spent (the mint said unpaid, the quote was refused, …).
        public static let paymentFailed = Code(rawValue: "paymentFailed")
        /// No such invoice or payment.
        public static let notFound = Code(rawValue: "notFound")
        /// The wallet does not do this (e.g. invoices without an amount, a description hash).
        public static let notImplemented = Code(rawValue: "notImplemented")
        /// The wallet will not do this for this request.
        public static let restricted = Code(rawValue: "restricted")
        /// Too many requests: retry later.
        public static let rateLimited = Code(rawValue: "rateLimited")
        /// A parameter the wallet cannot use (an invoice for another network, an amount it cannot make).
        public static let invalidRequest = Code(rawValue: "invalidRequest")
        /// The wallet could not be asked (a mint unreachable, storage failing): the outcome may be unknown.
        public static let unavailable = Code(rawValue: "unavailable")
        /// Anything else.
        public static let other = Code(rawValue: "other")

        /// Whether an error with this code from ``NWCWalletBackend/pay(_:)`` proves nothing was spent.
        public var provesNothingSpent: Bool {
            [.insufficientBalance, .paymentFailed, .notImplemented, .restricted, .rateLimited, .invalidRequest]
                .contains(self)
        }

        /// The NIP-47 code a response carries for it.
        public var responseCode: NWCErrorCode {
            switch self {
            case .insufficientBalance: .insufficientBalance
            case .paymentFailed: .paymentFailed
            case .notFound: .notFound
            case .notImplemented: .notImplemented
            case .restricted: .restricted
            case .rateLimited: .rateLimited
            case .unavailable: .internal
            default: .other
            }
        }
    }

    /// What went wrong.
    public let code: Code
    /// A human-readable message a client may show (no secrets, no tokens).
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "NWCBackendError.\(code): \(message)" }
}
