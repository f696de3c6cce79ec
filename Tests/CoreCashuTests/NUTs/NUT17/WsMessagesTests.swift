// Tests for NUT-17 JSON-RPC models beyond the vectors.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-17 messages")
struct WsMessagesTests {
    @Test func idsAreLenient() throws {
        let ids = try JSONDecoder().decode([JSONRPCID].self, from: Data(#"[1,"1","abc"]"#.utf8))
        #expect(ids == [.int(1), .string("1"), .string("abc")])
        #expect(ids[0].answers(ids[1]))
    }

    @Test func unknownKindDoesNotCrash() throws {
        let json =
            #"{"jsonrpc":"2.0","id":3,"method":"subscribe","params":{"kind":"bolt13_x","subId":"s","filters":[]}}"#
        let request = try JSONDecoder().decode(WsRequest.self, from: Data(json.utf8))
        #expect(request.params.kind == .unknown("bolt13_x"))
        #expect(throws: EncodingFailure.self) {
            _ = try NotificationPayload.decode(Data(json.utf8), kind: .unknown("bolt13_x"))
        }
    }

    @Test func mintQuoteNotificationDecodes() throws {
        let json = """
            {"jsonrpc":"2.0","method":"subscribe","params":{"subId":"s1","payload":
              {"quote":"q","request":"lnbc","amount":1,"unit":"sat","state":"PAID","expiry":null}}}
            """
        #expect(try NotificationPayload.subscriptionID(in: Data(json.utf8)) == "s1")
        let (_, payload) = try NotificationPayload.decode(Data(json.utf8), kind: .bolt11MintQuote)
        guard case .bolt11MintQuote(let quote) = payload else {
            Issue.record("wrong payload")
            return
        }
        #expect(quote.state == .paid)
        #expect(throws: EncodingFailure.self) { _ = try NotificationPayload.decode(Data(json.utf8), kind: .proofState) }
    }
}
