// Test support: the `cashu` binary could not be started.

/// `cashu` could not be started.
struct CLISpawnFailure: Error, CustomStringConvertible {
    var description: String
}
