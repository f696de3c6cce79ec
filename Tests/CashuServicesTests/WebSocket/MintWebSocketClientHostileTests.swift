// Tests of WebSocket/MintWebSocketClient.swift against servers that misbehave: silent, junk, oversized, not HTTP.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("Mint WebSocket client against misbehaving servers", .timeLimit(.minutes(5)))
struct MintWebSocketClientHostileTests {
    static let quick = WebSocketConfiguration(
        connectTimeout: .seconds(2), responseTimeout: .seconds(5), closeTimeout: .milliseconds(500),
        backoff: ReconnectBackoff(initial: .milliseconds(50), maximum: .milliseconds(200)), maxReconnectAttempts: 0)

    /// For tests that expect the connection to work: deadlines a loaded CI machine (the whole suite in parallel on two
    /// cores) cannot turn into a timeout.
    static let patient = WebSocketConfiguration(
        connectTimeout: .seconds(30), responseTimeout: .seconds(30), closeTimeout: .milliseconds(500),
        backoff: ReconnectBackoff(initial: .milliseconds(50), maximum: .milliseconds(200)), maxReconnectAttempts: 0)

    /// Waits (generously) until `condition` holds.
    static func eventually(_ condition: () async -> Bool) async -> Bool {
        await AsyncWaiting.eventually(within: .seconds(60), condition)
    }

    @Test("A server that upgrades but never answers the probe: connect timeout, and the socket is closed")
    func silentServerTimesOut() async throws {
        let server = try await ScriptedWebSocketServer.start(.silent)
        let mint = try MintURL("http://127.0.0.1:\(server.port)")
        let client = try MintWebSocketClient(mint: mint, configuration: Self.quick)
        let error = await #expect(throws: SubscriptionError.self) {
            _ = try await client.subscribe(SubscriptionRequest(mint: mint, kind: .proofState, filters: []))
        }
        #expect(error?.code == .connectTimeout)
        #expect(await client.state == .failed(.connectTimeout))
        await client.shutdown()
        // The silent server never answers the close handshake: the client drops the socket by itself.
        #expect(await Self.eventually { server.openConnections == 0 })
        await server.stop()
    }

    @Test("Junk frames are ignored; the valid answer and notification get through")
    func junkIsIgnored() async throws {
        let server = try await ScriptedWebSocketServer.start(.garbage)
        let mint = try MintURL("http://127.0.0.1:\(server.port)")
        let (logger, records) = CapturingLogHandler.logger()
        let client = try MintWebSocketClient(mint: mint, configuration: Self.patient, logger: logger)
        let stream = try await client.subscribe(SubscriptionRequest(mint: mint, kind: .proofState, filters: ["y"]))
        let recorder = await StreamRecorder.start(stream)
        #expect(await recorder.wait { items, _ in !items.isEmpty })
        let items = await recorder.items
        #expect(items.count == 1)
        if case .proofState(let state) = items.first {
            #expect(state.state == .spent)
        } else {
            Issue.record("expected a proof state, got \(items)")
        }
        #expect(await client.state == .connected)
        let messages = Set(records.records.map(\.message))
        #expect(messages.contains("ignored a malformed WebSocket message"))
        #expect(messages.contains("ignored an answer to no pending request"))
        #expect(messages.contains("ignored a notification for no live subscription"))
        #expect(messages.contains("ignored a binary WebSocket message"))
        #expect(messages.contains("ignored a malformed notification"))
        await recorder.stop()
        await client.shutdown()
        #expect(await Self.eventually { server.openConnections == 0 })
        await server.stop()
    }

    @Test("A frame over the size limit closes the connection; with no retries left the stream finishes")
    func oversizedFrameClosesConnection() async throws {
        let server = try await ScriptedWebSocketServer.start(.oversized)
        let mint = try MintURL("http://127.0.0.1:\(server.port)")
        let client = try MintWebSocketClient(mint: mint, configuration: Self.patient)
        let stream = try await client.subscribe(SubscriptionRequest(mint: mint, kind: .proofState, filters: ["y"]))
        let recorder = await StreamRecorder.start(stream)
        #expect(await recorder.wait { _, finished in finished })
        #expect(await recorder.items.isEmpty)
        #expect(await client.state == .failed(.connectionLost))
        await client.shutdown()
        #expect(await Self.eventually { server.openConnections == 0 })
        await server.stop()
    }

    @Test("Bytes that are not HTTP instead of the upgrade: unreachable, nothing left open")
    func notHTTP() async throws {
        let server = try await RawTCPServer.start(.garbage)
        let mint = try MintURL("http://127.0.0.1:\(server.port)")
        let client = try MintWebSocketClient(mint: mint, configuration: Self.quick)
        let error = await #expect(throws: SubscriptionError.self) { try await client.connect() }
        #expect(error?.code == .unreachable)
        await client.shutdown()
        #expect(await Self.eventually { server.openConnections == 0 })
        await server.stop()
    }

    @Test("Nothing listening: unreachable at once")
    func refused() async throws {
        let port = try TestPort.reserve()
        let mint = try MintURL("http://127.0.0.1:\(port)")
        let client = try MintWebSocketClient(mint: mint, configuration: Self.quick)
        let error = await #expect(throws: SubscriptionError.self) { try await client.connect() }
        #expect(error?.code == .unreachable)
        await client.shutdown()
    }
}
