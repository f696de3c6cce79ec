// Test support: a MintProxy fault armed for the next N requests with a given method and path.

/// A fault armed for the next `remaining` requests with this method and path.
public struct MintProxyRule: Sendable {
    public var method: String
    public var path: String
    public var fault: MintProxyFault
    public var remaining: Int

    public init(method: String, path: String, fault: MintProxyFault, remaining: Int) {
        self.method = method
        self.path = path
        self.fault = fault
        self.remaining = remaining
    }

    public func matches(method: String, path: String) -> Bool {
        remaining > 0 && self.method == method && self.path == path
    }
}
