// NUT-00 — Cryptography and models: one mint's share of a token (a V3 `token[]` entry; the whole of a V4 token).

/// The proofs a token holds from one mint.
///
/// A V4 token has exactly one entry; a (deprecated) V3 token may list several mints, one entry each.
public struct TokenEntry: Hashable, Sendable, CustomStringConvertible {
    /// The mint URL, without trailing `/` (NUT-00 §V3/§V4 "MUST be stripped of trailing slashes").
    public let mint: String
    /// The proofs from this mint, in token order.
    public var proofs: [Proof]

    /// Creates an entry; trailing slashes of `mint` are stripped.
    ///
    /// - Parameters:
    ///   - mint: The mint URL.
    ///   - proofs: The proofs issued by that mint.
    package init(mint: String, proofs: [Proof]) {
        self.mint = Self.normalizedMintURL(mint)
        self.proofs = proofs
    }

    /// `url` without any trailing `/`.
    static func normalizedMintURL(_ url: String) -> String {
        var utf8 = Substring(url)
        while utf8.last == "/" { utf8.removeLast() }
        return String(utf8)
    }

    /// The mint and the number of proofs; never the proofs' secrets.
    public var description: String { "TokenEntry(mint: \(mint), proofs: \(proofs.count))" }
}
