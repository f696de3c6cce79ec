// NUT-05 — Melt tokens: the state of a melt quote (`UNPAID`, `PENDING`, `PAID`).

/// A melt quote's state; a state this library does not know decodes as ``unknown(_:)``.
public enum MeltQuoteState: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible {
    /// The request has not been paid.
    case unpaid
    /// The payment is in flight.
    case pending
    /// The request was paid.
    case paid
    /// A state added after this library was written, kept verbatim.
    case unknown(String)

    /// Maps the wire string.
    public init(rawValue: String) {
        switch rawValue {
        case "UNPAID": self = .unpaid
        case "PENDING": self = .pending
        case "PAID": self = .paid
        default: self = .unknown(rawValue)
        }
    }

    /// The wire string.
    public var rawValue: String {
        switch self {
        case .unpaid: "UNPAID"
        case .pending: "PENDING"
        case .paid: "PAID"
        case .unknown(let value): value
        }
    }

    public var description: String { rawValue }
}
