// CLI: a command that handles SIGTERM and SIGINT itself (the service stops gracefully and exits 0), instead of the
// cancel-and-exit-130 of ``Interruption``.

/// Marks a command run without ``Interruption``'s signal handlers.
protocol HandlesItsOwnSignals {}
