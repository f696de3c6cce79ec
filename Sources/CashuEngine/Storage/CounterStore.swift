// Storage: NUT-13 derivation counters, one per keyset id; they only ever move forward.

/// Counter storage. A counter value handed out is never handed out again.
package protocol CounterStore {
    /// The next unused counter of a keyset (0 when none was used).
    func counter(keysetID: KeysetID) throws -> UInt64

    /// Takes the next `count` counters of a keyset and advances it past them.
    /// - Returns: the counters taken (empty when `count` is 0).
    /// - Throws: `StorageError` with code `overflow` when the counter would pass `UInt64.max`.
    func reserveCounters(keysetID: KeysetID, count: UInt64) throws -> Range<UInt64>

    /// Moves a keyset's counter forward to `value` if it is lower (restore sets it past the last hit).
    func raiseCounter(keysetID: KeysetID, to value: UInt64) throws
}
