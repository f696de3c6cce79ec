// Test support: the connections a loopback test server accepted, counted and closable.

import Foundation
import NIOCore

/// Counts (and can close) a server's accepted connections.
public final class ConnectionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var channels: [ObjectIdentifier: any Channel] = [:]

    public init() {}

    public func opened(_ channel: any Channel) {
        lock.withLock { channels[ObjectIdentifier(channel)] = channel }
        channel.closeFuture.whenComplete { _ in
            _ = self.lock.withLock { self.channels.removeValue(forKey: ObjectIdentifier(channel)) }
        }
    }

    public var open: Int { lock.withLock { channels.count } }

    public func closeAll() async {
        let all = lock.withLock { Array(channels.values) }
        for channel in all { try? await channel.close() }
    }
}
