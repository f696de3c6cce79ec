// NUT-17 — WebSockets: the `proof_state` notification payload `{Y, state, witness?}` (NUT-07 shape).

/// A proof's state as pushed by the mint.
public struct ProofStatePayload: Codable, Hashable, Sendable {
    /// A proof state; unknown states decode as ``unknown(_:)``.
    public enum State: Hashable, Sendable, Codable {
        /// Not spent.
        case unspent
        /// In a transaction in flight.
        case pending
        /// Spent.
        case spent
        /// A state added after this library was written.
        case unknown(String)

        /// The wire string.
        public var rawValue: String {
            switch self {
            case .unspent: "UNSPENT"
            case .pending: "PENDING"
            case .spent: "SPENT"
            case .unknown(let value): value
            }
        }

        public init(from decoder: Decoder) throws {
            switch try decoder.singleValueContainer().decode(String.self) {
            case "UNSPENT": self = .unspent
            case "PENDING": self = .pending
            case "SPENT": self = .spent
            case let other: self = .unknown(other)
            }
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            try c.encode(rawValue)
        }
    }

    /// `hash_to_curve(secret)` of the proof.
    public var Y: Point
    /// The state.
    public var state: State
    /// The witness the proof was spent with (missing and `null` both decode as `nil`).
    public var witness: String?

    /// Creates a payload.
    public init(Y: Point, state: State, witness: String? = nil) {
        self.Y = Y
        self.state = state
        self.witness = witness
    }
}
