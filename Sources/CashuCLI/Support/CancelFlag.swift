// CLI: a flag one thread sets and another polls (a prompt's blocking read learns that Ctrl-C cancelled it).

import Foundation

/// A thread-safe boolean that only goes from false to true (a cancelled prompt; a held mint list backup).
final class CancelFlag: Sendable {
    private let state = NSLock()
    private nonisolated(unsafe) var value = false

    var isSet: Bool { state.withLock { value } }

    func set() { state.withLock { value = true } }
}
