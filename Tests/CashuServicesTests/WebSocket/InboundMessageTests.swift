// Tests of WebSocket/InboundMessage.swift and SubscriptionID.swift: sorting the mint's messages (NUT-17 examples
// and junk), and UUID v7 subscription ids.

import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("NUT-17 inbound messages")
struct InboundMessageTests {
    @Test("The spec's answer, error (string id) and notification are sorted")
    func specExamples() throws {
        let ok = #"{"jsonrpc": "2.0", "result": {"status": "OK", "subId": "019e6d5a"}, "id": 0}"#
        guard case .response(let response) = InboundMessage.parse(ok) else {
            Issue.record("not an answer")
            return
        }
        #expect(response.result?.subId == "019e6d5a" && response.id == .int(0))
        let error = #"{"jsonrpc": "2.0", "error": {"code": -32601, "message": "nope"}, "id": "1"}"#
        guard case .response(let refusal) = InboundMessage.parse(error) else {
            Issue.record("not an answer")
            return
        }
        #expect(refusal.error?.code == -32601 && refusal.id == .string("1"))
        let notification = #"""
            {"jsonrpc": "2.0", "method": "subscribe", "params": {"subId": "019e6d5a", "payload": {"Y": \#
            "02e208f9a78cd523444aadf854a4e91281d20f67a923d345239c37f14e137c7c3d", "state": "PENDING"}}}
            """#
        guard case .notification(let subId, let data) = InboundMessage.parse(notification) else {
            Issue.record("not a notification")
            return
        }
        #expect(subId == "019e6d5a")
        let (_, payload) = try NotificationPayload.decode(data, kind: .proofState)
        guard case .proofState(let state) = payload else {
            Issue.record("not a proof state")
            return
        }
        #expect(state.state == .pending && state.witness == nil)
    }

    @Test(
        "Junk is not a message",
        arguments: [
            "", "null", "[]", "{}", "not json", #"{"jsonrpc":"2.0","id":1}"#, #"{"method":"subscribe","params":{}}"#,
            #"{"method":"other","params":{"subId":"x"}}"#, #"{"result":5,"id":1}"#,
            String(repeating: "{", count: 10_000),
        ])
    func junk(_ text: String) {
        #expect(InboundMessage.parse(text) == nil)
    }

    @Test("Subscription ids are lowercase RFC 9562 UUID v7, time-ordered")
    func subscriptionIDs() throws {
        let early = SubscriptionID.make(now: Date(timeIntervalSince1970: 1_700_000_000))
        let late = SubscriptionID.make(now: Date(timeIntervalSince1970: 1_800_000_000))
        for id in [early, late] {
            let uuid = try #require(UUID(uuidString: id))
            #expect(id == id.lowercased())
            #expect(uuid.uuid.6 >> 4 == 7)
            #expect(uuid.uuid.8 >> 6 == 0b10)
        }
        #expect(early < late)
        #expect(SubscriptionID.make() != SubscriptionID.make())
    }

    @Test("The endpoint is the mint's URL with ws(s) and /v1/ws")
    func endpoints() throws {
        #expect(MintWebSocketClient.endpoint(for: try MintURL("https://mint.example.com"))?.absoluteString
            == "wss://mint.example.com/v1/ws")
        #expect(MintWebSocketClient.endpoint(for: try MintURL("http://127.0.0.1:3338/cashu/"))?.absoluteString
            == "ws://127.0.0.1:3338/cashu/v1/ws")
    }
}
