// NUT-18 — Payment requests: the payee's accepted payment methods and their fees (`sm`, nuts#381), and what a payer
// owes when paying from a mint outside the request's mint list.

extension PaymentRequest {
    /// `sm` entry: a payment method the payee can melt out by, with the fee it charges for doing so.
    public struct SupportedMethod: Hashable, Sendable, Codable {
        /// `mn`: the method, e.g. `bolt11`, `bolt12`, `onchain`.
        public var method: String
        /// `mf`: the fee the payer adds, in the request's unit, when paying from a mint outside the mint list;
        /// absent means none.
        public var fee: UInt64?

        /// Creates an entry.
        public init(method: String, fee: UInt64? = nil) {
            self.method = method
            self.fee = fee
        }

        enum CodingKeys: String, CodingKey {
            case method = "mn"
            case fee = "mf"
        }
    }

    /// Whether the mint list is binding: payment from any other mint is refused. `nil` without a mint list; strict
    /// unless the payee set `mp` (nuts#381).
    public var isMintListStrict: Bool? {
        guard let mints, !mints.isEmpty else { return nil }
        return mintPreferred != true
    }

    /// Whether the payee accepts payment from `mint` at all: no mint list, a listed mint, or an advisory list.
    package func accepts(mint: String) -> Bool {
        isMintListStrict != true || lists(mint: mint)
    }

    /// Whether `mint` is in the mint list (a trailing slash does not count).
    package func lists(mint: String) -> Bool {
        let trimmed = Self.trimmed(mint)
        return mints?.contains { Self.trimmed($0) == trimmed } ?? false
    }

    /// The fee the payer adds when paying from `mint`, whose NUT-05 melt methods for the request's unit are
    /// `meltMethods` (nuts#381): none from a listed mint (the payee takes its ecash as it is) or when the request names
    /// no methods; otherwise the
    /// lowest `mf` among the listed methods the mint can melt by. `nil` when the mint can melt by none of them (the
    /// payee could not take the ecash out).
    package func fee(payingFrom mint: String, meltMethods: Set<String>) -> UInt64? {
        guard let supportedMethods, !supportedMethods.isEmpty, !lists(mint: mint) else { return 0 }
        let usable = supportedMethods.filter { meltMethods.contains($0.method) }
        guard !usable.isEmpty else { return nil }
        return usable.map { $0.fee ?? 0 }.min() ?? 0
    }

    private static func trimmed(_ url: String) -> Substring {
        var text = Substring(url)
        while text.hasSuffix("/") { text = text.dropLast() }
        return text
    }
}
