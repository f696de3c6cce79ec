// NIP-01 — what the relays said to one published event.

/// Each relay's answer to one `EVENT`.
package struct NostrPublishReport: Sendable, Hashable {
    /// The event's id.
    package let eventID: String
    /// Each relay's outcome.
    package let outcomes: [NostrRelayURL: NostrRelayOutcome]

    package init(eventID: String, outcomes: [NostrRelayURL: NostrRelayOutcome]) {
        self.eventID = eventID
        self.outcomes = outcomes
    }

    /// The relays that stored the event.
    package var accepted: [NostrRelayURL] { outcomes.filter { $0.value.isAccepted }.map(\.key).sorted() }

    /// Whether at least one relay stored it.
    package var isPublished: Bool { !accepted.isEmpty }
}
