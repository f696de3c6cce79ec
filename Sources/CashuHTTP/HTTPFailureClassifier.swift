// Mint client: which async-http-client / SwiftNIO errors mean "never sent", "timed out" or "cut off" (ambiguous).

import CashuEngine
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sorts a failure of `HTTPClient.execute` or of reading the body into a ``MintClientError/Code``.
///
/// Only errors that async-http-client 1.37 raises before a connection exists count as `unreachable` (definite):
/// the request then waited in the connection pool and no byte of it was written. Everything it cannot place —
/// a closed or reset connection, a TLS or HTTP parser error, an unknown error — is `transport` (ambiguous).
enum HTTPFailureClassifier {
    /// The code and a secret-free reason for `error`.
    static func classify(_ error: any Error) -> (code: MintClientError.Code, reason: String) {
        if error is CancellationError { return (.cancelled, "request cancelled") }
        // HappyEyeballs' error: DNS failed or every connection attempt failed (refused, unreachable, timed out).
        if let connection = error as? NIOConnectionError {
            let resolved = connection.dnsAError == nil || connection.dnsAAAAError == nil
            if !resolved || connection.connectionErrors.isEmpty { return (.unreachable, "host name did not resolve") }
            return (.unreachable, "connection could not be opened")
        }
        // getaddrinfo failing outside HappyEyeballs.
        if error is SocketAddressError || error is SocketAddressError.UnknownHost {
            return (.unreachable, "host name did not resolve")
        }
        if let client = error as? HTTPClientError { return classify(client) }
        // A SOCKS proxy that could not open the way to the mint (NIOSOCKS' handshake errors, e.g. the target refused
        // or, through Tor, an onion service that is offline): the tunnel never opened, nothing was sent.
        if String(reflecting: type(of: error)).hasPrefix("NIOSOCKS.SOCKSError") {
            return (.unreachable, "the proxy could not reach the mint")
        }
        if let channel = error as? ChannelError { return classify(channel) }
        // Bytes that are not HTTP, or an answer that ended before its declared length.
        if error is HTTPParserError { return (.transport, "the answer was cut off or is not HTTP") }
        if let io = error as? IOError {
            // Only connect(2) reports ECONNREFUSED (an IP literal fails with it unwrapped); an established
            // connection that fails reports ECONNRESET, EPIPE, ...
            if io.errnoCode == ECONNREFUSED { return (.unreachable, "connection refused") }
            // A network or host that cannot be reached, as connect(2) reports it (a link down, no route). The same
            // errno on an established connection (an ICMP error after the request went out) stays ambiguous.
            let unroutable = [ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN].contains(io.errnoCode)
            if unroutable, String(describing: io).contains("connect") {
                return (.unreachable, "no route to the mint")
            }
            if io.errnoCode == ECONNRESET { return (.transport, "connection reset") }
            return (.transport, "connection failed")
        }
        return (.transport, "connection failed")
    }

    private static func classify(_ error: HTTPClientError) -> (code: MintClientError.Code, reason: String) {
        switch error {
        case .connectTimeout, .tlsHandshakeTimeout, .socksHandshakeTimeout, .httpProxyHandshakeTimeout:
            // Connection establishment ran out of time; the request was still queued.
            return (.unreachable, "connection could not be opened in time")
        case .getConnectionFromPoolTimeout:
            return (.unreachable, "no connection became available in time")
        case .invalidProxyResponse:
            // An HTTP proxy refused the CONNECT: the tunnel never opened.
            return (.unreachable, "the proxy refused the connection to the mint")
        case .proxyAuthenticationRequired:
            return (.unreachable, "the proxy wants a user name and password")
        case .alreadyShutdown:
            return (.unreachable, "the HTTP client is shut down")
        case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath, .invalidLocalAddress, .traceRequestWithBody:
            return (.invalidRequest, "request URL cannot be sent")
        case .deadlineExceeded, .readTimeout, .writeTimeout:
            // deadlineExceeded may also fire while the request is queued; it is reported as a timeout either way.
            return (.timeout, "deadline passed before the answer was complete")
        case .cancelled:
            return (.cancelled, "request cancelled")
        case .remoteConnectionClosed:
            return (.transport, "connection closed before the answer was complete")
        default:
            if error.shortDescription.hasPrefix("Unsupported scheme")
                || error.shortDescription.hasPrefix("Invalid header field")
            {
                return (.invalidRequest, "request cannot be sent")
            }
            return (.transport, "HTTP exchange failed")
        }
    }

    private static func classify(_ error: ChannelError) -> (code: MintClientError.Code, reason: String) {
        switch error {
        case .connectTimeout:
            return (.unreachable, "connection could not be opened in time")
        default:
            return (.transport, "connection failed")
        }
    }
}
