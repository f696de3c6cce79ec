// NUT-18 — whether a payment that arrived over Nostr is received, and for which request: a pure decision.

import CoreCashu

/// What to do with a `PaymentRequestPayload` that arrived in the wallet's Nostr inbox.
package enum NostrPaymentDecision: Sendable, Hashable {
    /// Receive it (adding its mint when the request listed it), crediting `request` if one matched.
    case receive(request: String?, addMint: Bool)
    /// Leave it: not for an open request of ours, or from a mint not accepted.
    case ignore(String)

    /// Decides.
    ///
    /// - Parameters:
    ///   - payload: the payment.
    ///   - requests: the wallet's open requests.
    ///   - walletMints: the mints the wallet trusts.
    package static func decide(
        _ payload: PaymentRequestPayload, requests: [String: OpenNostrRequest], walletMints: Set<String>
    ) -> NostrPaymentDecision {
        guard !payload.proofs.isEmpty else { return .ignore("the payment holds no proofs") }
        let mint = (try? MintURL(payload.mint))?.rawValue ?? payload.mint
        guard let id = payload.id, let request = requests[id] else {
            // Not for a request we know: taken only from a mint the wallet already trusts.
            guard walletMints.contains(mint) else {
                return .ignore("a payment for no open request, from an unknown mint")
            }
            return .receive(request: nil, addMint: false)
        }
        guard payload.unit.lowercased() == request.unit.lowercased() else {
            return .ignore("the payment is in \(payload.unit), the request asked for \(request.unit)")
        }
        let listed = Set(request.mints.compactMap { try? MintURL($0).rawValue })
        if listed.isEmpty {
            return walletMints.contains(mint) ? .receive(request: id, addMint: false) : .ignore("not a wallet mint")
        }
        guard listed.contains(mint) else { return .ignore("the payment's mint is not one the request accepts") }
        return .receive(request: id, addMint: !walletMints.contains(mint))
    }
}
