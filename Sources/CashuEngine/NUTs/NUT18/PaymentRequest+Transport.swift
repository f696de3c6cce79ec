// NUT-18 — Payment requests: a transport, the way the payer delivers the payment payload to the payee.

extension PaymentRequest {
    /// One delivery method: `{t: kind, a: target, g: [[tag, value…]]?}` (NUT-18 §Transport).
    public struct Transport: Hashable, Sendable, Codable {
        /// `t`: the transport type.
        public var kind: Kind
        /// `a`: the target: an `nprofile`/`npub` for Nostr, an endpoint URL for HTTP POST.
        public var target: String
        /// `g`: tags, each `[name, value, …]` (e.g. `["n", "17"]` for NIP-17 direct messages).
        public var tags: [[String]]?

        /// Creates a transport.
        public init(kind: Kind, target: String, tags: [[String]]? = nil) {
            self.kind = kind
            self.target = target
            self.tags = tags
        }

        enum CodingKeys: String, CodingKey {
            case kind = "t"
            case target = "a"
            case tags = "g"
        }

        /// A transport type; unknown types read from `creqA` are kept as they are.
        public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
            /// The type string as it appears in `t`.
            public let rawValue: String
            /// Wraps a type string (any string: unknown types are kept, not rejected).
            public init(rawValue: String) { self.rawValue = rawValue }
            /// The type string.
            public var description: String { rawValue }

            /// A NIP-17 direct message to the target's Nostr key carrying the payload.
            package static let nostr = Kind(rawValue: "nostr")
            /// An HTTP POST of the payload JSON to the target URL.
            public static let post = Kind(rawValue: "post")
        }
    }

    /// The NUT-10 lock a payee asks for: `{k: kind, d: data, t: [[tag, value…]]?}` (NUT-18 §Locking conditions).
    public struct NUT10Option: Hashable, Sendable, Codable {
        /// `k`: the NUT-10 secret kind (`P2PK`, `HTLC`, …).
        public var kind: String
        /// `d`: the secret's data (a public key for P2PK, a hash for HTLC).
        public var data: String
        /// `t`: the secret's tags (e.g. `["locktime", "…"]`).
        public var tags: [[String]]?

        /// Creates a locking condition.
        public init(kind: String, data: String, tags: [[String]]? = nil) {
            self.kind = kind
            self.data = data
            self.tags = tags
        }

        enum CodingKeys: String, CodingKey {
            case kind = "k"
            case data = "d"
            case tags = "t"
        }
    }
}
