// Tests for sorting async-http-client and SwiftNIO errors into never-sent, timed-out and ambiguous failures.

import AsyncHTTPClient
import Foundation
import NIOCore
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("HTTPFailureClassifier")
struct HTTPFailureClassifierTests {
    static func code(_ error: any Error) -> MintClientError.Code { HTTPFailureClassifier.classify(error).code }

    @Test("Errors raised before a connection exists: unreachable")
    func neverSent() {
        for error: any Error in [
            HTTPClientError.connectTimeout, HTTPClientError.getConnectionFromPoolTimeout,
            HTTPClientError.tlsHandshakeTimeout, HTTPClientError.socksHandshakeTimeout,
            HTTPClientError.httpProxyHandshakeTimeout, HTTPClientError.alreadyShutdown,
            ChannelError.connectTimeout(.seconds(1)), IOError(errnoCode: ECONNREFUSED, reason: "connect"),
            // A link down or no route, from connect(2) or from finishing a non-blocking connect.
            IOError(errnoCode: ENETUNREACH, reason: "connect"), IOError(errnoCode: EHOSTUNREACH, reason: "connect"),
            IOError(errnoCode: EHOSTUNREACH, reason: "finishing a non-blocking connect failed"),
            IOError(errnoCode: ENETDOWN, reason: "connect"),
            // An HTTP proxy refusing the CONNECT (any status but 200, or 407): the tunnel never opened.
            HTTPClientError.invalidProxyResponse, HTTPClientError.proxyAuthenticationRequired,
        ] {
            #expect(Self.code(error) == .unreachable, "\(error)")
        }
    }

    @Test("Deadlines: timeout")
    func deadlines() {
        for error in [HTTPClientError.deadlineExceeded, .readTimeout, .writeTimeout] {
            #expect(Self.code(error) == .timeout, "\(error)")
        }
    }

    @Test("A connection that fails once open, or anything unknown: transport")
    func ambiguous() {
        struct Unknown: Error {}
        for error: any Error in [
            HTTPClientError.remoteConnectionClosed, HTTPClientError.uncleanShutdown,
            HTTPClientError.bodyLengthMismatch,
            IOError(errnoCode: ECONNRESET, reason: "read"), IOError(errnoCode: EPIPE, reason: "write"),
            IOError(errnoCode: EHOSTUNREACH, reason: "write"), ChannelError.ioOnClosedChannel, ChannelError.eof,
            Unknown(),
        ] {
            #expect(Self.code(error) == .transport, "\(error)")
        }
    }

    @Test("A request that cannot be sent: invalidRequest; a cancelled one: cancelled")
    func others() {
        #expect(Self.code(HTTPClientError.invalidURL) == .invalidRequest)
        #expect(Self.code(HTTPClientError.unsupportedScheme("ftp")) == .invalidRequest)
        #expect(Self.code(HTTPClientError.invalidHeaderFieldValues(["\n"])) == .invalidRequest)
        #expect(Self.code(HTTPClientError.cancelled) == .cancelled)
        #expect(Self.code(CancellationError()) == .cancelled)
    }
}
