// Service: what the long-running wallet service does how often.

/// Intervals of ``WalletDaemon``.
public struct WalletDaemonConfiguration: Sendable {
    /// Between maintenance passes (``LinuxWallet/refresh()``): recovery, the queue, paid quotes, pending melts,
    /// sent tokens, keyset rotation. One runs at start.
    public var refreshInterval: Duration
    /// Between looks for mint quotes to watch (new ones made by other processes are found within it).
    public var quoteScanInterval: Duration
    /// The longest one wait for a quote without an expiry lasts before it is looked at again.
    public var quoteWaitLimit: Duration

    /// Creates a configuration; intervals are kept to at least a second.
    public init(
        refreshInterval: Duration = .seconds(900), quoteScanInterval: Duration = .seconds(30),
        quoteWaitLimit: Duration = .seconds(3600)
    ) {
        self.refreshInterval = max(refreshInterval, .seconds(1))
        self.quoteScanInterval = max(quoteScanInterval, .seconds(1))
        self.quoteWaitLimit = max(quoteWaitLimit, .seconds(1))
    }
}
