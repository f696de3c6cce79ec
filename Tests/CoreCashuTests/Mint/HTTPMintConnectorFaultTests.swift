// Tests for the HTTP connector's failure mapping, each fault made by a real loopback socket.

import CashuTestSupport
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("HTTPMintConnector faults", .timeLimit(.minutes(1)))
struct HTTPMintConnectorFaultTests {
    /// Deadlines for tests whose point is a timeout: short, so the test is quick.
    static let short = MintTimeouts(
        connect: .milliseconds(400),
        read: .milliseconds(400),
        write: .milliseconds(400),
        melt: .milliseconds(400)
    )

    /// Deadlines for tests that count the requests a server that never answers received: each request must reach
    /// the server before its deadline, which on a loaded machine can take longer than ``short`` allows.
    static let counted = MintTimeouts(
        connect: .seconds(15),
        read: .seconds(2),
        write: .seconds(2),
        melt: .seconds(2)
    )

    /// Deadlines for tests that expect an answer: long enough that a loaded CI machine (the whole suite runs in
    /// parallel on two cores, with child processes and mints) never turns a prompt answer into a timeout.
    static let patient = MintTimeouts(
        connect: .seconds(15),
        read: .seconds(15),
        write: .seconds(15),
        melt: .seconds(15)
    )

    /// A connector to `url` over the shared test client; `timeouts` is ``patient`` unless a test waits for a timeout.
    static func connector(
        _ url: MintURL,
        timeouts: MintTimeouts = patient,
        maximumResponseBytes: Int = 1 << 20
    ) -> HTTPMintConnector {
        HTTPMintConnector(
            mintURL: url,
            httpClient: TestHTTP.client,
            timeouts: timeouts,
            maximumResponseBytes: maximumResponseBytes
        )
    }

    /// The ``MintClientError`` `operation` throws (`nil` when it succeeds or throws something else).
    static func failure<T>(_ operation: () async throws -> T) async -> MintClientError? {
        do {
            _ = try await operation()
            return nil
        } catch {
            return error as? MintClientError
        }
    }

    static let request = CheckStateRequest(Ys: [])

    @Test("Nothing listens on the port: unreachable, from the refused connect (not after a connect timeout)")
    func closedPort() async throws {
        let url = try MintURL("http://127.0.0.1:\(try LoopbackServer.closedPort())")
        let error = await Self.failure { try await Self.connector(url).checkState(Self.request) }
        #expect(error?.code == .unreachable)
        #expect(error?.isDefinite == true)
        #expect(error?.endpoint == "POST /v1/checkstate")
        // An IP literal's refused connect(2) surfaces unwrapped (a host name's inside NIOConnectionError).
        #expect((error?.underlying as? IOError)?.errnoCode == ECONNREFUSED)
    }

    @Test("The connection cannot be opened within the connect timeout: unreachable")
    func connectTimeout() async throws {
        let listener = try UnacceptingListener()
        let client = OwnedHTTPClient(HTTPMintConnector.makeHTTPClient(timeouts: Self.short))
        let connector = HTTPMintConnector(
            mintURL: try listener.url, httpClient: client.client, timeouts: MintTimeouts())
        let error = await Self.failure { try await connector.info() }
        await client.shutdown()
        #expect(error?.code == .unreachable, "\(String(describing: error)) \(String(describing: error?.underlying))")
        #expect((error?.underlying as? HTTPClientError) == .connectTimeout)
    }

    @Test("The host name does not resolve: unreachable")
    func dnsFailure() async throws {
        let url = try MintURL("http://cashu-mint.invalid:3338")
        let error = await Self.failure { try await Self.connector(url).info() }
        #expect(error?.code == .unreachable, "\(String(describing: error?.underlying))")
        #expect(error?.underlying is NIOConnectionError)
    }

    @Test("A host name whose port is closed: unreachable")
    func closedPortByName() async throws {
        let url = try MintURL("http://localhost:\(try LoopbackServer.closedPort())")
        let error = await Self.failure { try await Self.connector(url).info() }
        #expect(error?.code == .unreachable)
        #expect(error?.underlying is NIOConnectionError)
    }

    @Test("The server reads the request and never answers: timeout, not definite")
    func noAnswer() async throws {
        let server = try LoopbackServer { _, _ in .hang }
        defer { server.stop() }
        let url = try server.url
        let error = await Self.failure {
            try await Self.connector(url, timeouts: Self.counted).checkState(Self.request)
        }
        #expect(error?.code == .timeout)
        #expect(error?.isDefinite == false)
        #expect(error?.isReplayable == true)
        #expect(server.requests.count == 1)
    }

    /// Runs `checkState` against a server that answers every request with `reply`.
    static func answer(
        _ reply: LoopbackServer.Reply,
        limit: Int = 1 << 20,
        timeouts: MintTimeouts = patient
    ) async throws -> (MintClientError?, Int) {
        let server = try LoopbackServer { _, _ in reply }
        defer { server.stop() }
        let url = try server.url
        let error = await failure {
            try await connector(url, timeouts: timeouts, maximumResponseBytes: limit).checkState(request)
        }
        return (error, server.requests.count)
    }

    static let truncatedHead = Array("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"states\":".utf8)

    @Test("The server closes without answering: transport")
    func closedWithoutAnswer() async throws {
        let (error, requests) = try await Self.answer(.close)
        #expect(error?.code == .transport)
        #expect((error?.underlying as? HTTPClientError) == .remoteConnectionClosed)
        #expect(requests == 1)
    }

    @Test("The server resets the connection: transport")
    func reset() async throws {
        let (error, _) = try await Self.answer(.reset)
        #expect(error?.code == .transport)
        #expect((error?.underlying as? IOError)?.errnoCode == ECONNRESET)
    }

    @Test("The server closes in the middle of the body: transport")
    func cutMidBody() async throws {
        let (error, _) = try await Self.answer(.raw(Self.truncatedHead))
        #expect(error?.code == .transport)
        #expect(error?.httpStatus == 200)
        #expect(error?.isReplayable == true)
    }

    @Test("The server sends the head and stalls the body: timeout within the deadline")
    func stalledBody() async throws {
        let (error, _) = try await Self.answer(.rawThenHang(Self.truncatedHead), timeouts: Self.short)
        #expect(error?.code == .timeout)
    }

    @Test("Bytes that are not HTTP: transport")
    func notHTTP() async throws {
        let (error, _) = try await Self.answer(.raw(Array("SSH-2.0-OpenSSH_9.2\r\n\r\n".utf8)))
        #expect(error?.code == .transport)
    }

    @Test("500 without a body: httpStatus 500, replayable")
    func status500() async throws {
        let (error, _) = try await Self.answer(.respond(status: 500, body: []))
        #expect(error?.code == .httpStatus)
        #expect(error?.httpStatus == 500)
        #expect(error?.isReplayable == true)
        #expect(error?.isDefinite == false)
    }

    @Test("502 from a proxy with {detail} but no code: httpStatus, not a refusal")
    func proxyError() async throws {
        let (error, _) = try await Self.answer(.json(#"{"detail":"Bad Gateway"}"#, status: 502))
        #expect(error?.code == .httpStatus)
        #expect(error?.mintError == nil)
    }

    @Test("A redirect is not followed: httpStatus 302")
    func redirect() async throws {
        let (error, requests) = try await Self.answer(
            .raw(Array("HTTP/1.1 302 Found\r\nLocation: /v1/keys\r\nContent-Length: 0\r\n\r\n".utf8))
        )
        #expect(error?.code == .httpStatus)
        #expect(error?.httpStatus == 302)
        #expect(requests == 1)
    }

    @Test("200 with garbage: invalidResponse carrying the decoding error")
    func garbage() async throws {
        for body in ["not json", #"{"states": 5}"#, #"{"detail":"x","code":11001}"#] {
            let (error, _) = try await Self.answer(.json(body))
            #expect(error?.code == .invalidResponse, "\(body)")
            #expect(error?.underlying is DecodingError)
        }
    }

    @Test("400 {detail, code 99999}: mintRefused with the unknown code kept")
    func unknownCode() async throws {
        let (error, _) = try await Self.answer(.json(#"{"detail":"x","code":99999}"#, status: 400))
        #expect(error?.code == .mintRefused)
        #expect(error?.mintError == MintError(code: 99999, detail: "x"))
        #expect(error?.mintError?.known == nil)
        #expect(error?.httpStatus == 400)
        #expect(error?.isDefinite == true)
    }

    @Test("422 with FastAPI's detail list: mintRefused without a code")
    func validationError() async throws {
        let body = #"{"detail":[{"type":"missing","loc":["body","Ys"],"msg":"Field required","input":{}}]}"#
        let (error, _) = try await Self.answer(.json(body, status: 422))
        #expect(error?.code == .mintRefused)
        #expect(error?.mintError?.code == nil)
        #expect(error?.mintError?.detail == "body.Ys: Field required")
    }

    @Test("An answer over the size limit: invalidResponse, by Content-Length or by counting chunks")
    func tooLarge() async throws {
        let (declared, _) = try await Self.answer(
            .respond(status: 200, body: [UInt8](repeating: 0x20, count: 2048)),
            limit: 1024
        )
        #expect(declared?.code == .invalidResponse)
        #expect(declared?.isDefinite == false)
        let chunked =
            Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n800\r\n".utf8)
            + [UInt8](repeating: 0x20, count: 2048) + Array("\r\n0\r\n\r\n".utf8)
        let (counted, _) = try await Self.answer(.raw(chunked), limit: 1024)
        #expect(counted?.code == .invalidResponse)
        let (refusal, _) = try await Self.answer(
            .respond(status: 400, body: [UInt8](repeating: 0x20, count: 2048)),
            limit: 1024
        )
        #expect(refusal?.code == .httpStatus)
    }

    @Test("Cancelling the calling task: cancelled")
    func cancellation() async throws {
        let server = try LoopbackServer { _, _ in .hang }
        defer { server.stop() }
        let connector = HTTPMintConnector(
            mintURL: try server.url,
            httpClient: TestHTTP.client,
            timeouts: MintTimeouts(read: .seconds(30))
        )
        let task = Task { await Self.failure { try await connector.info() } }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        let error = await task.value
        #expect(error?.code == .cancelled)
        #expect(error?.isDefinite == false)
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await Self.failure { try await connector.info() }
        }
        #expect(await early.value?.code == .cancelled)
        #expect(server.requests.count == 1)
    }

    @Test("A client that is shut down: unreachable")
    func shutDownClient() async throws {
        let client = HTTPMintConnector.makeHTTPClient()
        try await client.shutdown()
        let connector = HTTPMintConnector(mintURL: try MintURL("http://127.0.0.1:1"), httpClient: client)
        let error = await Self.failure { try await connector.info() }
        #expect(error?.code == .unreachable)
    }
}
