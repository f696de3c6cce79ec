// NIP-01 — what a client checks before it hands on an event a relay sent: the signature, and the filters it asked.

/// The checks every event from a relay passes: a relay (or whoever answers in its place) can send anything.
package enum NostrEventScreen {
    /// Why an event was let through or not.
    package enum Verdict: String, Sendable, Hashable {
        /// Matches a filter and verifies.
        case accepted
        /// Matches none of the subscription's filters.
        case notMatching
        /// Its id is not its hash or its signature does not verify.
        case invalid
    }

    /// Checks `event` against the subscription's `filters` (cheap, first) and its id and signature.
    package static func check(_ event: NostrEvent, against filters: [NostrFilter]) -> Verdict {
        guard filters.contains(where: { $0.matches(event) }) else { return .notMatching }
        return event.isValid ? .accepted : .invalid
    }
}
