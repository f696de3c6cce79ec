// Tests of Nostr/NostrRelayPool.swift and Nostr/NostrRelayConnection+Socket.swift against a relay that lies: forged
// events, events the filter did not ask for, junk frames, no EOSE, no OK.

import CashuNostr
import CashuTestSupport
import Foundation
import Testing

@testable import CashuServices

@Suite("Nostr relay pool against a hostile relay", .timeLimit(.minutes(3)))
struct NostrRelayPoolHostileTests {
    /// The relay's script: to any REQ, junk, a forged event, one of another kind, one of another author, one valid
    /// event (twice), an EOSE for another subscription, but never its own EOSE; to any EVENT, an OK for another
    /// event only.
    static func start(keys: NostrKeyPair, valid: NostrEvent) async throws -> HostileRelay {
        let stranger = NostrKeyPair.random()
        let otherKind = try NostrPoolTesting.event(keys, kind: 7)
        let otherAuthor = try NostrPoolTesting.event(stranger, kind: 1)
        let forged = NostrEvent(
            id: valid.id, pubkey: valid.pubkey, createdAt: valid.createdAt, kind: valid.kind, tags: valid.tags,
            content: "not what was signed", sig: valid.sig)
        let badSignature = NostrEvent(
            id: valid.id, pubkey: valid.pubkey, createdAt: valid.createdAt, kind: valid.kind, tags: valid.tags,
            content: valid.content, sig: String(repeating: "1", count: 128))
        let (forgedJSON, badSignatureJSON, otherKindJSON, otherAuthorJSON, validJSON) = (
            try json(forged), try json(badSignature), try json(otherKind), try json(otherAuthor), try json(valid)
        )
        return try await HostileRelay.start { text in
            guard let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any],
                let type = array.first as? String
            else { return [] }
            switch type {
            case "REQ":
                guard let id = array[1] as? String else { return [] }
                return [
                    .text("garbage"), .text("[]"), .text(#"["EVENT"]"#), .text("[\"EVENT\",\"\(id)\",{}]"),
                    .binary([0, 1, 2]), .text(String(repeating: "[", count: 10_000)),
                    .text("[\"EVENT\",\"\(id)\",\(forgedJSON)]"),
                    .text("[\"EVENT\",\"\(id)\",\(badSignatureJSON)]"),
                    .text("[\"EVENT\",\"\(id)\",\(otherKindJSON)]"),
                    .text("[\"EVENT\",\"\(id)\",\(otherAuthorJSON)]"),
                    .text("[\"EVENT\",\"someone-else\",\(validJSON)]"),
                    .text("[\"EVENT\",\"\(id)\",\(validJSON)]"),
                    .text("[\"EVENT\",\"\(id)\",\(validJSON)]"),
                    .text(#"["EOSE","someone-else"]"#), .text(#"["NOTICE","hello"]"#), .text(#"["AUTH","challenge"]"#),
                ]
            case "EVENT":
                return [.text("[\"OK\",\"\(String(repeating: "0", count: 64))\",true,\"\"]")]
            default:
                return []
            }
        }
    }

    static func json(_ event: NostrEvent) throws -> String {
        String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
    }

    @Test("A fetch keeps only the valid, matching event, and ends at its timeout without EOSE")
    func fetch() async throws {
        let keys = NostrKeyPair.random()
        let valid = try NostrPoolTesting.event(keys, kind: 1, content: "the real one")
        let server = try await Self.start(keys: keys, valid: valid)
        let relay = try NostrRelayURL(server.url)
        let (logger, records) = CapturingLogHandler.logger()
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient, logger: logger)
        let filter = NostrFilter(authors: [keys.publicKey], kinds: [1])
        let (result, elapsed) = try await NostrPoolTesting.timed {
            try await pool.fetch([filter], from: [relay], timeout: .seconds(2))
        }
        #expect(result.events == [valid])
        #expect(result.outcomes == [relay: .timedOut])
        #expect(elapsed >= .seconds(2))
        #expect(elapsed < .seconds(20))
        let messages = records.records.map(\.message)
        #expect(messages.contains("dropped an event from the relay"))
        #expect(messages.contains("ignored a malformed relay message"))
        #expect(messages.contains("ignored an event for no open subscription"))
        // Neither contents nor keys reach the log.
        let logged = records.records.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        #expect(!logged.contains(keys.publicKey.hex))
        #expect(!logged.contains("the real one"))
        #expect(!logged.contains(valid.id))
        await pool.shutdown()
        #expect(await AsyncWaiting.eventually(within: .seconds(30)) { server.openConnections == 0 })
        await server.stop()
    }

    @Test("A subscription delivers only the valid, matching event, once")
    func subscribe() async throws {
        let keys = NostrKeyPair.random()
        let valid = try NostrPoolTesting.event(keys, kind: 1)
        let server = try await Self.start(keys: keys, valid: valid)
        let relay = try NostrRelayURL(server.url)
        let pool = NostrRelayPool(configuration: NostrPoolTesting.patient)
        let stream = pool.subscribe([NostrFilter(authors: [keys.publicKey], kinds: [1])], on: [relay])
        let recorder = await StreamRecorder.start(stream)
        #expect(await recorder.wait { items, _ in !items.isEmpty })
        try await Task.sleep(for: .milliseconds(300))
        #expect(await recorder.items == [valid])
        await recorder.stop()
        await pool.shutdown()
        await server.stop()
    }

    @Test("A relay that never answers the EVENT: timed out after the publish timeout")
    func publishUnanswered() async throws {
        let keys = NostrKeyPair.random()
        let valid = try NostrPoolTesting.event(keys)
        let server = try await Self.start(keys: keys, valid: valid)
        let relay = try NostrRelayURL(server.url)
        var configuration = NostrPoolTesting.patient
        configuration.publishTimeout = .seconds(1)
        let pool = NostrRelayPool(configuration: configuration)
        let (report, elapsed) = await NostrPoolTesting.timed { await pool.publish(valid, to: [relay]) }
        #expect(report.outcomes == [relay: .timedOut])
        #expect(elapsed < .seconds(30))
        await pool.shutdown()
        await server.stop()
    }
}
