// Test support: the connections a loopback test server accepted, counted and closable.

import Foundation
import NIOCore

/// Counts (and can close) a server's accepted connections.
final class ConnectionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var channels: [ObjectIdentifier: any Channel] = [:]

    func opened(_ channel: any Channel) {
        lock.withLock { channels[ObjectIdentifier(channel)] = channel }
        channel.closeFuture.whenComplete { _ in
            _ = self.lock.withLock { self.channels.removeValue(forKey: ObjectIdentifier(channel)) }
        }
    }

    var open: Int { lock.withLock { channels.count } }

    func closeAll() async {
        let all = lock.withLock { Array(channels.values) }
        for channel in all { try? await channel.close() }
    }
}
