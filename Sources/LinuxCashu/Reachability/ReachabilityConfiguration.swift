// Reachability: how often the monitor probes a mint — steadily while reachable, backing off while not.

/// The monitor's schedule.
package struct ReachabilityConfiguration: Sendable {
    /// Time between probes of a reachable mint when nothing changes on the network.
    package var reachableInterval: Duration
    /// The first wait after a failed probe; it doubles with each further failure.
    package var initialBackoff: Duration
    /// The longest wait between probes of an unreachable mint.
    package var maximumBackoff: Duration
    /// Each wait is randomised by up to this fraction either way (0...1), so that many wallets do not probe together.
    package var jitter: Double
    /// The wait after a netlink event before probing: a link coming up is followed by addresses and routes.
    package var settleDelay: Duration

    /// Creates a schedule.
    package init(
        reachableInterval: Duration = .seconds(60),
        initialBackoff: Duration = .seconds(1),
        maximumBackoff: Duration = .seconds(300),
        jitter: Double = 0.2,
        settleDelay: Duration = .milliseconds(250)
    ) {
        self.reachableInterval = reachableInterval
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
        self.jitter = min(max(jitter, 0), 1)
        self.settleDelay = settleDelay
    }
}
