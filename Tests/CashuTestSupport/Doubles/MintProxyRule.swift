// Test support: a MintProxy fault armed for the next N requests with a given method and path.

/// A fault armed for the next `remaining` requests with this method and path.
struct MintProxyRule: Sendable {
    var method: String
    var path: String
    var fault: MintProxyFault
    var remaining: Int

    func matches(method: String, path: String) -> Bool {
        remaining > 0 && self.method == method && self.path == path
    }
}
