// NIP-47 — Nostr Wallet Connect: how the wallet behind the service says no, and the NIP-47 code each becomes.

import CashuEngine

/// A failure of the wallet behind the service.
///
/// From ``NWCWalletBackend/pay(_:)``, only the codes with ``Code/provesNothingSpent`` release a payment's budget:
/// any other error counts as an outcome not yet known (the payment may still succeed), so a backend throws those
/// codes only when it knows nothing was and nothing will be spent.
package struct NWCBackendError: CashuError, Hashable {
    /// What went wrong, as a value callers can compare (the codes are below, in `ErrorCode`'s extension).
    package typealias Code = ErrorCode<NWCBackendError>

    /// What went wrong.
    package let code: Code
    /// A human-readable message a client may show (no secrets, no tokens).
    package let reason: String

    package init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == NWCBackendError {
    /// Not enough funds for the amount and the fee reserve (nothing was spent).
    package static let insufficientBalance = Self(rawValue: "insufficientBalance")
    /// The payment definitely failed and nothing was spent (the mint said unpaid, the quote was refused, …).
    package static let paymentFailed = Self(rawValue: "paymentFailed")
    /// No such invoice or payment.
    package static let notFound = Self(rawValue: "notFound")
    /// The wallet does not do this (e.g. invoices without an amount, a description hash).
    package static let notImplemented = Self(rawValue: "notImplemented")
    /// The wallet will not do this for this request.
    package static let restricted = Self(rawValue: "restricted")
    /// Too many requests: retry later.
    package static let rateLimited = Self(rawValue: "rateLimited")
    /// A parameter the wallet cannot use (an invoice for another network, an amount it cannot make).
    package static let invalidRequest = Self(rawValue: "invalidRequest")
    /// The wallet could not be asked (a mint unreachable, storage failing): the outcome may be unknown.
    package static let unavailable = Self(rawValue: "unavailable")
    /// Anything else.
    package static let other = Self(rawValue: "other")

    /// Whether an error with this code from ``NWCWalletBackend/pay(_:)`` proves nothing was spent.
    package var provesNothingSpent: Bool {
        [.insufficientBalance, .paymentFailed, .notImplemented, .restricted, .rateLimited, .invalidRequest]
            .contains(self)
    }

    /// The NIP-47 code a response carries for it.
    package var responseCode: NWCErrorCode {
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
