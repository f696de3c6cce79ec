// NIP-47 tests — a clock the test moves.

import CashuEngine

/// Seconds since the epoch, set by the test.
final class NWCTestClock: Sendable {
    private let time: Locked<Int64>

    init(_ start: Int64) { time = Locked(start) }

    var now: Int64 { time.withLock { $0 } }

    func set(_ value: Int64) { time.withLock { $0 = value } }

    func advance(_ seconds: Int64) { time.withLock { $0 += seconds } }

    /// The clock as the handler takes it.
    var function: @Sendable () -> Int64 { { [self] in now } }
}
