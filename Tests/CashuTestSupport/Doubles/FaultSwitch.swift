// Test support: a switch a test flips to turn a fault of SwapFaultConnector on and off.

import CoreCashu

/// A switch shared by the connectors a wallet builds.
package final class FaultSwitch: Sendable {
    private let on = Locked(false)

    package init() {}

    package var isOn: Bool { on.withLock { $0 } }
    package func set(_ value: Bool) { on.withLock { $0 = value } }
}
