// Nutshell interop — NUT-17: a real `/v1/ws` session (subscribe, live notifications, unsubscribe, an error).

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

extension NutshellFixtureTests {
    /// One frame of `ws-transcript.json`: what the capture sent, or the mint's text frame byte for byte.
    struct WebSocketFrame {
        var sent: WsRequest?
        var received: Data?
    }

    static func webSocketTranscript() throws -> [WebSocketFrame] {
        let frames = try JSONSerialization.jsonObject(with: NutshellFixture.data("ws-transcript.json"))
        return try #require(frames as? [[String: Any]]).map { frame in
            if let sent = frame["sent"] {
                let data = try JSONSerialization.data(withJSONObject: sent)
                return WebSocketFrame(sent: try JSONDecoder().decode(WsRequest.self, from: data))
            }
            let text = try #require(frame["received"] as? String)
            return WebSocketFrame(received: Data(text.utf8))
        }
    }

    @Test("NUT-17: responses and notifications of a real session decode; live states arrive in order")
    func webSocketSession() throws {
        var kinds: [String: SubscriptionKind] = [:]
        var requests: [JSONRPCID: WsRequest] = [:]
        var proofStates: [ProofState.State] = []
        var meltStates: [MeltQuoteState] = []
        var mintQuoteNotifications = 0
        var responses = 0
        for frame in try Self.webSocketTranscript() {
            if let request = frame.sent {
                requests[request.id] = request
                if let kind = request.params.kind { kinds[request.params.subId] = kind }
                continue
            }
            let message = try #require(frame.received)
            let object = try NutshellFixture.object(message)
            if object["id"] != nil {
                let response = try JSONDecoder().decode(WsResponse.self, from: message)
                responses += 1
                let id = try #require(response.id)
                let request = try #require(requests[id])
                if request.params.kind == SubscriptionKind(rawValue: "no_such_kind") {
                    // Nutshell reports an unknown kind as JSON-RPC internal error -32603 with pydantic's message.
                    #expect(response.result == nil)
                    #expect(response.error?.code == -32603)
                } else {
                    #expect(response.error == nil)
                    #expect(response.result == WsResponse.Result(status: "OK", subId: request.params.subId))
                }
                continue
            }
            let subId = try NotificationPayload.subscriptionID(in: message)
            let kind = try #require(kinds[subId])
            if kind == .bolt11MintQuote {
                // The mint quote in a notification has `"pubkey": ""` like the GET (see mintQuoteGetEmptyPubkey).
                mintQuoteNotifications += 1
                #expect(
                    ((object["params"] as? [String: Any])?["payload"] as? [String: Any])?["pubkey"] as? String == ""
                )
                guard case .bolt11MintQuote(let quote) = try NotificationPayload.decode(message, kind: kind).payload
                else {
                    Issue.record("a bolt11_mint_quote notification did not decode as a mint quote")
                    continue
                }
                #expect(quote.pubkey == nil)
                continue
            }
            switch try NotificationPayload.decode(message, kind: kind).payload {
            case .proofState(let state): proofStates.append(state.state)
            case .meltQuote(let quote): meltStates.append(quote.state)
            default: Issue.record("unexpected payload for \(kind)")
            }
        }
        #expect(responses == 5)
        #expect(mintQuoteNotifications == 1)
        // On subscribe: the current state of each Y (two unspent, one spent); then the swap: PENDING, then SPENT.
        #expect(proofStates == [.unspent, .unspent, .spent, .pending, .pending, .spent, .spent])
        #expect(meltStates == [.unpaid, .pending, .paid])
    }
}
