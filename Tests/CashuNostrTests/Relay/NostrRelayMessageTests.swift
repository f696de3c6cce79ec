// Tests of Relay/NostrRelayMessage.swift and Relay/NostrRelayMessageParser.swift: every relay message parsed, and
// anything else refused with malformedMessage (never a crash).

import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-01 relay messages")
struct NostrRelayMessageTests {
    static let keys = NostrKeyPair.random()
    static let event = try! NostrEventDraft(by: keys, kind: 1, content: "hello").signed(by: keys)
    static var eventJSON: String { String(decoding: try! JSONEncoder().encode(event), as: UTF8.self) }

    @Test("EVENT, OK, EOSE, CLOSED, NOTICE and AUTH")
    func parses() throws {
        let id = Self.event.id
        let cases: [(String, NostrRelayMessage)] = [
            (#"["EVENT","s1",\#(Self.eventJSON)]"#, .event(subscriptionID: "s1", event: Self.event)),
            (#"["OK","\#(id)",true,""]"#, .ok(eventID: id, accepted: true, message: "")),
            (#"["OK","\#(id)",false,"blocked: no"]"#, .ok(eventID: id, accepted: false, message: "blocked: no")),
            (#"["OK","",false,"invalid: kind=1 not allowed"]"#,
             .ok(eventID: "", accepted: false, message: "invalid: kind=1 not allowed")),
            (#"["OK","\#(id)",true]"#, .ok(eventID: id, accepted: true, message: "")),
            (#"["EOSE","s1"]"#, .endOfStoredEvents(subscriptionID: "s1")),
            (
                #"["CLOSED","s1","auth-required: log in"]"#,
                .closed(subscriptionID: "s1", message: "auth-required: log in")
            ),
            (#"["NOTICE","slow down"]"#, .notice("slow down")),
            (#"["AUTH","challenge-1"]"#, .auth(challenge: "challenge-1")),
            // Later NIPs may add elements: ignored.
            (#" [ "EOSE" , "s1", {"extra": 1} ] "#, .endOfStoredEvents(subscriptionID: "s1")),
        ]
        for (text, expected) in cases {
            #expect(try NostrRelayMessage(parsing: text) == expected, "\(text)")
        }
        #expect(try NostrRelayMessage(parsing: #"["EOSE","s1"]"#).type == "EOSE")
    }

    @Test("Garbage, wrong shapes and bad events are malformedMessage", arguments: [
        "", "not json", "{}", "[]", "null", "42", #"["EVENT"]"#, #"["EVENT","s"]"#, #"["EVENT","s",{}]"#,
        #"["EVENT","s",{"id":"00"}]"#, #"["EVENT",1,{}]"#, #"["OK","x"]"#, #"["OK","x","true",""]"#,
        #"["OK",null,true,""]"#, #"["EOSE"]"#, #"["EOSE",""]"#, #"["CLOSED"]"#, #"["NOTICE"]"#, #"["NOTICE",5]"#,
        #"["AUTH",{}]"#, #"["UNKNOWN","x"]"#, #"["eose","s"]"#, "[\"EOSE\",\"\(String(repeating: "s", count: 65))\"]",
        #"["OK","\#(String(repeating: "a", count: 65))",true,""]"#, "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
    ])
    func refuses(_ text: String) {
        let error = #expect(throws: NostrError.self) { try NostrRelayMessage(parsing: text) }
        #expect(error?.code == .malformedMessage)
    }

    @Test("Deeply nested arrays are refused, not a crash")
    func deepNesting() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: NostrError.self) { try NostrRelayMessage(parsing: text) }
    }

    @Test("An event with a bad signature parses (verification is the caller's), and fails verify()")
    func forgedEventParses() throws {
        let forged = Self.eventJSON.replacingOccurrences(of: Self.event.sig, with: String(repeating: "0", count: 128))
        guard case .event(_, let event) = try NostrRelayMessage(parsing: #"["EVENT","s",\#(forged)]"#) else {
            Issue.record("not an event")
            return
        }
        #expect(!event.isValid)
    }

    @Test("Messages over the limit are refused before parsing; long texts are cut")
    func bounds() throws {
        let text = #"["NOTICE","\#(String(repeating: "n", count: 5000))"]"#
        #expect(throws: NostrError.self) { try NostrRelayMessage(parsing: text, maxLength: 4096) }
        guard case .notice(let notice) = try NostrRelayMessage(parsing: text) else {
            Issue.record("not a notice")
            return
        }
        #expect(notice.count == NostrRelayMessage.maxTextLength)
    }
}
