// Local API: which methods each path serves, read from the router itself (a 405 names them).

import HTTPTypes

/// The routes a router serves, path by path: a request to a route's path with another method is a 405, not a 404.
struct APIRouteTable: Sendable {
    /// Each route: its path (`{id}` for a captured component) and method.
    let routes: [(path: String, method: HTTPRequest.Method)]

    init(_ routes: [(path: String, method: HTTPRequest.Method)]) {
        self.routes = routes
    }

    /// The methods served at `path`, or `nil` for a path that is not a route (404 stays 404).
    func methods(of path: String) -> Set<HTTPRequest.Method>? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let methods = routes.filter { route in
            let pattern = route.path.split(separator: "/", omittingEmptySubsequences: false)
            return pattern.count == parts.count
                && zip(pattern, parts).allSatisfy { $0.hasPrefix("{") ? !$1.isEmpty : $0 == $1 }
        }.map(\.method)
        return methods.isEmpty ? nil : Set(methods)
    }
}
