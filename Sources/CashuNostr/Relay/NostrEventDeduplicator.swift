// NIP-01 — events arrive once per relay (and again after a re-subscription): each id is let through once.

/// The ids seen lately, at most ``capacity`` of them; the oldest are forgotten first.
package struct NostrEventDeduplicator: Sendable {
    /// How many ids are remembered.
    package let capacity: Int
    private var seen: Set<String> = []
    private var order: [String] = []
    private var next = 0

    /// - Parameter capacity: how many ids to remember (at least 1).
    package init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Records `id`.
    /// - Returns: whether it is new (not among the ids remembered).
    package mutating func insert(_ id: String) -> Bool {
        guard !seen.contains(id) else { return false }
        if order.count < capacity {
            order.append(id)
        } else {
            seen.remove(order[next])
            order[next] = id
            next = (next + 1) % capacity
        }
        seen.insert(id)
        return true
    }

    /// How many ids are remembered now.
    package var count: Int { seen.count }
}
