// Test support: a MintProxy fault armed for the next N requests with a given method and path.

/// A fault armed for the next `remaining` requests with this method and path (a path ending in `*`: with this
/// method and a path starting with what precedes the `*`).
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
        guard remaining > 0, self.method == method else { return false }
        if self.path.hasSuffix("*") { return path.hasPrefix(self.path.dropLast()) }
        return self.path == path
    }
}
