// Test support: a switch a test flips to turn a fault of SwapFaultConnector on and off.

import CoreCashu

/// A switch shared by the connectors a wallet builds.
public final class FaultSwitch: Sendable {
    private let on = Locked(false)

    public init() {}

    public var isOn: Bool { on.withLock { $0 } }
    public func set(_ value: Bool) { on.withLock { $0 = value } }
}
