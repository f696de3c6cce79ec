// NUT-01 — Mint public keys: the currency unit a keyset is denominated in (`sat`, `msat`, `usd`, `auth`, ...).

/// A keyset's unit, kept as the exact string the mint sent; amounts are in the unit's minor denomination.
public struct CurrencyUnit: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The unit string as it appears on the wire (for example `sat`).
    public let rawValue: String

    /// Wraps a unit string; unknown units are kept as-is.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Wraps a unit string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// Satoshis.
    public static let sat = CurrencyUnit(rawValue: "sat")
    /// Millisatoshis.
    package static let msat = CurrencyUnit(rawValue: "msat")
    /// Bitcoin (in satoshis as its minor unit).
    package static let btc = CurrencyUnit(rawValue: "btc")
    /// Blind authentication tokens (NUT-22); never ecash.
    package static let auth = CurrencyUnit(rawValue: "auth")

    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
