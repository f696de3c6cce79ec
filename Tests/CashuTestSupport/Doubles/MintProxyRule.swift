// Test support: a MintProxy fault armed for the next N requests with a given method and path.

/// A fault armed for the next `remaining` requests with this method and path (a path ending in `*`: with this
/// method and a path starting with what precedes the `*`).
package struct MintProxyRule: Sendable {
    package var method: String
    package var path: String
    package var fault: MintProxyFault
    package var remaining: Int

    package init(method: String, path: String, fault: MintProxyFault, remaining: Int) {
        self.method = method
        self.path = path
        self.fault = fault
        self.remaining = remaining
    }

    package func matches(method: String, path: String) -> Bool {
        guard remaining > 0, self.method == method else { return false }
        if self.path.hasSuffix("*") { return path.hasPrefix(self.path.dropLast()) }
        return self.path == path
    }
}
