// Test support: the connections a loopback test server accepted, counted and closable.

import Foundation
import NIOCore

/// Counts (and can close) a server's accepted connections.
package final class ConnectionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var channels: [ObjectIdentifier: any Channel] = [:]

    package init() {}

    package func opened(_ channel: any Channel) {
        lock.withLock { channels[ObjectIdentifier(channel)] = channel }
        channel.closeFuture.whenComplete { _ in
            _ = self.lock.withLock { self.channels.removeValue(forKey: ObjectIdentifier(channel)) }
        }
    }

    package var open: Int { lock.withLock { channels.count } }

    package func closeAll() async {
        let all = lock.withLock { Array(channels.values) }
        for channel in all { try? await channel.close() }
    }
}
