// NUT-07 — Token state check: the state of one proof as the mint reports it.

/// The mint's answer for one `Y`: whether the proof is unspent, in flight or spent, and the witness it was spent with.
package struct ProofState: Codable, Hashable, Sendable {
    /// The spending state of a proof (NUT-07 "Token states").
    package enum State: Hashable, Sendable, Codable, RawRepresentable, CustomStringConvertible {
        /// Not spent yet.
        case unspent
        /// In an ongoing transaction (e.g. a melt in flight); not usable until it is live again.
        case pending
        /// Redeemed: its secret is in the mint's spent list.
        case spent
        /// A value this library does not know. Kept so one odd entry does not lose the rest of a response;
        /// ``CheckStateResponse/validate(against:)`` rejects it, and a wallet must never act on it.
        case unknown(String)

        /// The longest unknown value kept verbatim; longer ones are cut (they are only ever shown, never used).
        static let maxUnknownLength = 64

        /// Creates a state from its wire spelling; anything but the three NUT-07 values becomes ``unknown(_:)``.
        /// - Parameter rawValue: the `state` string from the mint.
        package init(rawValue: String) {
            switch rawValue {
            case "UNSPENT": self = .unspent
            case "PENDING": self = .pending
            case "SPENT": self = .spent
            default: self = .unknown(String(rawValue.prefix(Self.maxUnknownLength)))
            }
        }

        /// The wire spelling.
        package var rawValue: String {
            switch self {
            case .unspent: "UNSPENT"
            case .pending: "PENDING"
            case .spent: "SPENT"
            case .unknown(let value): value
            }
        }

        /// Whether this is one of the three states NUT-07 defines.
        package var isKnown: Bool {
            if case .unknown = self { return false }
            return true
        }

        package var description: String { rawValue }
    }

    /// The point `Y = hash_to_curve(secret)` this state is for.
    package var Y: Point
    /// The proof's state.
    package var state: State
    /// The serialized witness (NUT-11/14 JSON) the proof was spent with, if it had one.
    package var witness: String?

    /// Creates a proof state.
    /// - Parameters:
    ///   - Y: the proof's `Y`.
    ///   - state: its state.
    ///   - witness: the witness it was spent with, if any.
    package init(Y: Point, state: State, witness: String? = nil) {
        self.Y = Y
        self.state = state
        self.witness = witness
    }

    enum CodingKeys: String, CodingKey {
        case Y, state, witness
    }
}
