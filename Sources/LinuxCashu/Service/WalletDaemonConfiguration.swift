// Service: what the long-running wallet service does how often.

/// Intervals of ``WalletDaemon``.
public struct WalletDaemonConfiguration: Sendable {
    /// Between maintenance passes (``LinuxWallet/refresh()``): recovery, the queue, paid quotes, pending melts,
    /// sent tokens, keyset rotation. One runs at start.
    package var refreshInterval: Duration
    /// Between looks for mint quotes to watch (new ones made by other processes are found within it).
    package var quoteScanInterval: Duration
    /// The longest one wait for a quote without an expiry lasts before it is looked at again.
    package var quoteWaitLimit: Duration

    /// At most this many mint quotes are waited for at once (the newest), so abandoned ones do not add up to a
    /// stream of requests to a mint without NUT-17.
    package var maximumWatchedQuotes: Int
    /// Quotes older than this are left to the maintenance pass.
    package var quoteAgeLimit: Duration

    /// The longest interval accepted (longer ones are shortened to it).
    public static let longest: Duration = .seconds(30 * 86_400)

    /// Creates a configuration; intervals are kept between a second and ``longest``.
    public init(
        refreshInterval: Duration = .seconds(900), quoteScanInterval: Duration = .seconds(30),
        quoteWaitLimit: Duration = .seconds(3600), maximumWatchedQuotes: Int = 20,
        quoteAgeLimit: Duration = .seconds(86_400)
    ) {
        func bounded(_ value: Duration) -> Duration { min(max(value, .seconds(1)), Self.longest) }
        self.refreshInterval = bounded(refreshInterval)
        self.quoteScanInterval = bounded(quoteScanInterval)
        self.quoteWaitLimit = bounded(quoteWaitLimit)
        self.maximumWatchedQuotes = max(maximumWatchedQuotes, 1)
        self.quoteAgeLimit = bounded(quoteAgeLimit)
    }
}
