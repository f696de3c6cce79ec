// Storage: the error of a sealed record read without the wallet's keys.

extension StorageError {
    /// Sealed records of `table` were read by a store that has not been given the wallet's keys.
    package static func sealedWithoutKeys(_ table: String) -> StorageError {
        StorageError(.unavailable, "\(table) records are sealed: open the wallet with its seed to read them")
    }
}
