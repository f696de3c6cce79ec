// NUT-17 — WebSockets: the kinds of subscription (`bolt11_mint_quote`, `proof_state`, ...).

/// A subscription kind; kinds this library does not know decode as ``unknown(_:)``.
package enum SubscriptionKind: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible {
    /// Bolt11 mint quote updates (payload: ``MintQuoteBolt11Response``).
    case bolt11MintQuote
    /// Bolt11 melt quote updates (payload: ``MeltQuoteResponse``).
    case bolt11MeltQuote
    /// Bolt12 mint quote updates (payload: ``MintQuoteBolt12Response``).
    case bolt12MintQuote
    /// Bolt12 melt quote updates (payload: ``MeltQuoteResponse``).
    case bolt12MeltQuote
    /// Proof state updates (payload: ``ProofStatePayload``).
    case proofState
    /// A kind added after this library was written.
    case unknown(String)

    /// Maps the wire string.
    package init(rawValue: String) {
        switch rawValue {
        case "bolt11_mint_quote": self = .bolt11MintQuote
        case "bolt11_melt_quote": self = .bolt11MeltQuote
        case "bolt12_mint_quote": self = .bolt12MintQuote
        case "bolt12_melt_quote": self = .bolt12MeltQuote
        case "proof_state": self = .proofState
        default: self = .unknown(rawValue)
        }
    }

    /// The wire string.
    package var rawValue: String {
        switch self {
        case .bolt11MintQuote: "bolt11_mint_quote"
        case .bolt11MeltQuote: "bolt11_melt_quote"
        case .bolt12MintQuote: "bolt12_mint_quote"
        case .bolt12MeltQuote: "bolt12_melt_quote"
        case .proofState: "proof_state"
        case .unknown(let value): value
        }
    }

    package var description: String { rawValue }
}
