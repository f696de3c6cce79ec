// Local API: why the API cannot be served (a non-loopback address, a socket directory others can open).

/// A configuration problem of the local API; `message` says what to do.
public struct APIServerError: Error, Sendable, CustomStringConvertible {
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
