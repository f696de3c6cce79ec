// NIP-47 — Nostr Wallet Connect: which engine failures prove that nothing was spent. A payment the engine may still
// make must never be reported failed, nor its budget released (NWCBackendError.Code.provesNothingSpent).

import CashuNostr
import CoreCashu

/// The engine's ``WalletError`` as the wallet service's ``NWCBackendError``.
enum NWCPaymentErrors {
    /// A failure of the melt quote (`Wallet/meltQuote(request:mint:unit:)`): nothing can have been spent.
    static func quote(_ error: WalletError) -> NWCBackendError {
        switch error.code {
        case .mintRefused, .unsupported:
            return NWCBackendError(.paymentFailed, "the mint will not pay this invoice; nothing was paid")
        case .invalidInput:
            return NWCBackendError(.invalidRequest, "the mint cannot pay this invoice; nothing was paid")
        case .unknownMint:
            return NWCBackendError(.restricted, "this connection's mint is no longer in the wallet")
        case .mintUnreachable:
            return NWCBackendError(.unavailable, "the mint cannot be reached; nothing was paid")
        case .authenticationRequired:
            return NWCBackendError(.restricted, "the mint wants a login the wallet lacks; nothing was paid")
        case .insufficientFunds:
            return NWCBackendError(.insufficientBalance, "not enough ecash at the mint for this payment and its fees")
        default:
            return NWCBackendError(.other, "the wallet could not get a quote for this invoice; nothing was paid")
        }
    }

    /// Codes a melt throws, without an operation left open, only when nothing was paid: refused or unreachable
    /// before its request was sent, or its operation closed as failed with its proofs released.
    static let definitelyUnpaid: Set<WalletError.Code> = [
        .insufficientFunds, .mintRefused, .mintUnreachable, .unknownMint, .unsupported, .invalidInput,
        .authenticationRequired, .alreadySpent, .cancelled, .expired,
    ]

    /// A failure of the melt (`Wallet/melt(quoteID:preferAsync:)`).
    ///
    /// Only an error that names no open operation and has a code of ``definitelyUnpaid`` proves nothing was spent;
    /// anything else (`pending`, a swap left pending before the melt, a store failure, an invalid answer, a quote in
    /// an unexpected state) may still become a payment, so it is reported as an outcome not yet known.
    static func melt(_ error: WalletError) -> NWCBackendError {
        guard error.operationID == nil, definitelyUnpaid.contains(error.code) else {
            return NWCBackendError(.unavailable, "the payment's outcome is not known yet")
        }
        if error.code == .insufficientFunds {
            return NWCBackendError(.insufficientBalance, "not enough ecash at the mint for the amount and fees")
        }
        return NWCBackendError(.paymentFailed, "the payment did not go through; nothing was paid")
    }

    /// A failure of waiting for a pending payment (``Wallet/waitForMelt(quoteID:timeout:)``): `mintRefused` there
    /// means the payment failed and its proofs were released; anything else leaves it pending.
    static func wait(_ error: WalletError) -> NWCBackendError {
        guard error.code == .mintRefused else {
            return NWCBackendError(.unavailable, "the payment's outcome is not known yet")
        }
        return NWCBackendError(.paymentFailed, "the payment did not go through; nothing was paid")
    }
}
