// NUT-24 — HTTP 402 Payment Required: a server's answer, as a paid HTTP client read it.

import Foundation

/// A server's answer: its status, its headers and its body (`LinuxWallet.prepareFetch`, ``PreparedPaidRequest``).
public struct PaidHTTPResponse: Sendable {
    /// The HTTP status code.
    public let status: UInt
    /// The headers, in the order the server sent them.
    public let headers: [(name: String, value: String)]
    /// The body.
    public let body: Data

    package init(status: UInt, headers: [(name: String, value: String)], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of the header `name` (case-insensitive).
    package func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
