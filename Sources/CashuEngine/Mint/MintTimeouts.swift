// Mint client: deadlines per kind of request (NUT-05 notes that a synchronous melt can block for minutes).

/// How long each kind of request may take before it is abandoned (and, for a state-changing one, left pending).
package struct MintTimeouts: Hashable, Sendable {
    /// Opening a connection.
    package var connect: Duration
    /// Reads: info, keys, keysets, quote states, checkstate.
    package var read: Duration
    /// State-changing requests that the mint answers at once: quotes, mint, swap, restore.
    package var write: Duration
    /// `POST /v1/melt/{method}` without `prefer_async`: the mint answers after the Lightning payment settles.
    package var melt: Duration
    /// How long a request may wait, in all, for a mint that keeps refusing it for its rate limit (HTTP 429) before
    /// it fails as unreachable.
    package var rateLimitWait: Duration

    /// Creates a set of timeouts.
    package init(
        connect: Duration = .seconds(5), read: Duration = .seconds(15), write: Duration = .seconds(60),
        melt: Duration = .seconds(600), rateLimitWait: Duration = .seconds(120)
    ) {
        self.connect = connect
        self.read = read
        self.write = write
        self.melt = melt
        self.rateLimitWait = rateLimitWait
    }

    /// The defaults: 5 s to connect, 15 s for reads, 60 s for writes, 10 min for a synchronous melt, 2 min of waiting
    /// for a rate-limiting mint.
    package static let `default` = MintTimeouts()
}
