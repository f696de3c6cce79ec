// NIP-01 — one fetch's bookkeeping: which relays still owe an EOSE, the events so far (each id once, bounded), and
// the result, with only the newest version of each replaceable or addressable event.

/// The decisions of a fetch over several relays, apart from the I/O: the caller reports what each relay did and asks
/// whether the fetch is complete.
package struct NostrFetchCollector: Sendable {
    /// Where one relay stands.
    package enum RelayState: Sendable, Hashable {
        /// Not connected yet.
        case connecting
        /// The `REQ` is sent; the relay owes its stored events and `EOSE`.
        case requested
        /// Done: `EOSE` (accepted), `CLOSED` (refused), unreachable, or timed out.
        case finished(NostrRelayOutcome)
    }

    /// Each relay's state.
    package private(set) var states: [NostrRelayURL: RelayState]
    /// The most events kept; more are dropped (and counted in ``dropped``).
    package let maxEvents: Int
    /// Events dropped for being over ``maxEvents``.
    package private(set) var dropped = 0
    private var events: [String: NostrEvent] = [:]

    /// - Parameters:
    ///   - relays: the relays asked (duplicates count once).
    ///   - maxEvents: the most events kept (at least 1).
    package init(relays: [NostrRelayURL], maxEvents: Int) {
        states = Dictionary(relays.map { ($0, .connecting) }, uniquingKeysWith: { first, _ in first })
        self.maxEvents = max(maxEvents, 1)
    }

    /// The `REQ` went out to `relay`.
    package mutating func requested(_ relay: NostrRelayURL) {
        if states[relay] == .connecting { states[relay] = .requested }
    }

    /// An event `relay` sent, already checked (``NostrEventScreen``).
    /// - Returns: whether it was new and kept.
    @discardableResult
    package mutating func received(_ event: NostrEvent, from relay: NostrRelayURL) -> Bool {
        guard states[relay] != nil, events[event.id] == nil else { return false }
        guard events.count < maxEvents else {
            dropped += 1
            return false
        }
        events[event.id] = event
        return true
    }

    /// `relay` is done; only its first outcome counts.
    package mutating func finished(_ relay: NostrRelayURL, _ outcome: NostrRelayOutcome) {
        guard let state = states[relay] else { return }
        if case .finished = state { return }
        states[relay] = .finished(outcome)
    }

    /// Whether every relay is done.
    package var isComplete: Bool {
        states.values.allSatisfy { if case .finished = $0 { true } else { false } }
    }

    /// The deadline passed: a relay that got the `REQ` timed out; one still connecting is unreachable.
    package mutating func expire() {
        for (relay, state) in states {
            switch state {
            case .connecting: states[relay] = .finished(.unreachable("no connection within the fetch's timeout"))
            case .requested: states[relay] = .finished(.timedOut)
            case .finished: break
            }
        }
    }

    /// The events kept, only the newest of each replaceable or addressable event (NIP-01: newest `created_at`, on
    /// a tie the lowest id), and each relay's outcome.
    ///
    /// - Throws: ``NostrError`` `.relayUnreachable` when there was no relay to ask or none could be reached.
    package func result() throws(NostrError) -> NostrFetchResult {
        var outcomes: [NostrRelayURL: NostrRelayOutcome] = [:]
        for (relay, state) in states {
            if case .finished(let outcome) = state { outcomes[relay] = outcome } else { outcomes[relay] = .timedOut }
        }
        let reached = outcomes.values.contains { if case .unreachable = $0 { false } else { true } }
        guard reached else {
            throw NostrError(.relayUnreachable, "none of the \(outcomes.count) relays could be reached")
        }
        var newest: [String: NostrEvent] = [:]
        var plain: [NostrEvent] = []
        for event in events.values {
            guard let address = Self.address(of: event) else {
                plain.append(event)
                continue
            }
            if let kept = newest[address], (kept.createdAt, event.id) > (event.createdAt, kept.id) { continue }
            newest[address] = event
        }
        return NostrFetchResult(events: plain + newest.values, outcomes: outcomes)
    }

    /// `kind:pubkey:` for a replaceable event, `kind:pubkey:d` for an addressable one, `nil` for the others.
    static func address(of event: NostrEvent) -> String? {
        if event.isReplaceable { return "\(event.kind):\(event.pubkey.hex):" }
        if event.isAddressable { return "\(event.kind):\(event.pubkey.hex):\(event.firstTagValue("d") ?? "")" }
        return nil
    }
}
