// Tests of Relay/NostrClientMessage.swift and Relay/NostrSubscriptionID.swift: EVENT, REQ and CLOSE as relays read
// them.

import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-01 client messages")
struct NostrClientMessageTests {
    static func array(_ text: String) throws -> [Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
    }

    @Test("EVENT carries the event as relays decode it")
    func event() throws {
        let keys = NostrKeyPair.random()
        let event = try NostrEventDraft(by: keys, kind: 1, tags: [["t", "a/b"]], content: "x\"y\n").signed(by: keys)
        let text = try NostrClientMessage.event(event).encoded()
        let array = try Self.array(text)
        #expect(array.count == 2)
        #expect(array[0] as? String == "EVENT")
        let object = try #require(array[1] as? [String: Any])
        #expect(object["id"] as? String == event.id)
        #expect(object["created_at"] as? Int64 == event.createdAt)
        #expect(!text.contains("\\/"))
        let decoded = try JSONDecoder().decode(
            NostrEvent.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded == event)
        try decoded.verify()
    }

    @Test("REQ carries the subscription id and every filter, in order")
    func request() throws {
        let author = NostrKeyPair.random().publicKey
        let filters = [
            NostrFilter(authors: [author], kinds: [30078], tags: ["d": ["backup"]], since: 10, limit: 1),
            NostrFilter(ids: [String(repeating: "a", count: 64)]),
        ]
        let text = try NostrClientMessage.request(subscriptionID: "sub-1", filters: filters).encoded()
        let array = try Self.array(text)
        #expect(array.count == 4)
        #expect(array[0] as? String == "REQ")
        #expect(array[1] as? String == "sub-1")
        let first = try #require(array[2] as? [String: Any])
        #expect(first["authors"] as? [String] == [author.hex])
        #expect(first["kinds"] as? [Int] == [30078])
        #expect(first["#d"] as? [String] == ["backup"])
        #expect(first["since"] as? Int == 10)
        #expect(first["limit"] as? Int == 1)
        #expect(first["until"] == nil)
        let second = try #require(array[3] as? [String: Any])
        #expect(second.keys.sorted() == ["ids"])
    }

    @Test("CLOSE names the subscription")
    func close() throws {
        #expect(try NostrClientMessage.close(subscriptionID: "abc").encoded() == #"["CLOSE","abc"]"#)
    }

    @Test("Bad subscription ids and a REQ without filters are refused")
    func refusals() {
        let long = String(repeating: "x", count: 65)
        for message in [
            NostrClientMessage.close(subscriptionID: ""), .close(subscriptionID: long),
            .request(subscriptionID: long, filters: [NostrFilter()]), .request(subscriptionID: "s", filters: []),
        ] {
            #expect(throws: NostrError.self) { try message.encoded() }
        }
        #expect((try? NostrClientMessage.close(subscriptionID: String(repeating: "x", count: 64)).encoded()) != nil)
    }

    @Test("Random subscription ids are 32 hex characters and differ")
    func randomIDs() {
        let ids = (0..<100).map { _ in NostrSubscriptionID.random() }
        #expect(Set(ids).count == 100)
        #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) && NostrSubscriptionID.isValid($0) })
    }
}
