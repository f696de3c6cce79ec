// NIP-01 — relay outcomes from OK and CLOSED messages, and the machine-readable prefix of their text.

extension NostrRelayOutcome {
    /// The outcome an `OK` reports.
    ///
    /// A relay that already has the event (`duplicate:`) stores it: that counts as accepted whatever the boolean
    /// says (NIP-01's examples answer `true`; some relays answer `false`).
    /// - Parameters:
    ///   - accepted: the `OK`'s boolean.
    ///   - message: its message.
    package init(okAccepted accepted: Bool, message: String) {
        if accepted || Self.prefix(of: message) == "duplicate" {
            self = .accepted(message)
        } else {
            self = .refused(message)
        }
    }

    /// The machine-readable prefix of the relay's message (`duplicate`, `blocked`, `rate-limited`, `invalid`,
    /// `restricted`, `auth-required`, `error`, ...), when it has one.
    package var prefix: String? {
        switch self {
        case .accepted(let message), .refused(let message): Self.prefix(of: message)
        case .unreachable, .timedOut: nil
        }
    }

    /// The single word before the first `:` of a relay message (NIP-01 `OK` and `CLOSED`), lower-cased.
    static func prefix(of message: String) -> String? {
        guard let colon = message.firstIndex(of: ":") else { return nil }
        let word = message[..<colon]
        guard !word.isEmpty, word.count <= 32, word.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        else { return nil }
        return word.lowercased()
    }
}
