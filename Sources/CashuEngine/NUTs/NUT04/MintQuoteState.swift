// NUT-04 — Mint tokens: the state of a bolt11 mint quote (NUT-23 `UNPAID`, `PAID`, `ISSUED`).

/// A mint quote's state; a state this library does not know decodes as ``unknown(_:)``.
public enum MintQuoteState: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible {
    /// The request has not been paid.
    case unpaid
    /// The request was paid and ecash can be minted.
    case paid
    /// The ecash has been issued.
    case issued
    /// A state added after this library was written, kept verbatim.
    case unknown(String)

    /// Maps the wire string.
    public init(rawValue: String) {
        switch rawValue {
        case "UNPAID": self = .unpaid
        case "PAID": self = .paid
        case "ISSUED": self = .issued
        default: self = .unknown(rawValue)
        }
    }

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .unpaid: "UNPAID"
        case .paid: "PAID"
        case .issued: "ISSUED"
        case .unknown(let value): value
        }
    }

    public var description: String { rawValue }
}

extension MintQuoteState {
    /// The state the nuts#377 accounting pair means; `nil` unless both are given.
    package init?(paid: UInt64?, issued: UInt64?) {
        guard let paid, let issued else { return nil }
        if paid > issued {
            self = .paid
        } else if paid > 0 {
            self = .issued
        } else {
            self = .unpaid
        }
    }

    /// How far along a quote's life the state is (unpaid, paid, issued); `nil` for a state this library does not
    /// know. A bolt11 quote only moves forward.
    var progress: Int? {
        switch self {
        case .unpaid: 0
        case .paid: 1
        case .issued: 2
        case .unknown: nil
        }
    }
}
