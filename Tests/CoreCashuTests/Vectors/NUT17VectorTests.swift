// Vectors/nut17.json — one parameterised test over every case of the file.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut17 vectors")
struct NUT17VectorTests {
    static let file = VectorFile.load("nut17")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        let message = c.expected["message"]
        let data = message.jsonData
        let encoder = JSONEncoder()
        let reencoded: Data
        switch c.group {
        case "wallet_to_mint":
            reencoded = try encoder.encode(try JSONDecoder().decode(WsRequest.self, from: data))
        case "mint_to_wallet" where !message["method"].isNull:
            // The wallet knows the kind from the subId it subscribed with; these examples are proof_state.
            _ = try NotificationPayload.subscriptionID(in: data)
            let (subId, payload) = try NotificationPayload.decode(data, kind: .proofState)
            guard case .proofState(let state) = payload else { throw c.fail("wrong payload kind") }
            reencoded = try encoder.encode(WsNotification(subId: subId, payload: state))
        case "mint_to_wallet":
            let response = try JSONDecoder().decode(WsResponse.self, from: data)
            try c.expectTrue(response.result != nil || response.error != nil, "response has neither result nor error")
            reencoded = try encoder.encode(response)
        default:
            throw c.fail("unknown group \(c.group)")
        }
        // Equivalent: same JSON once absent and null members are identified (a missing witness is null).
        let decoded = try JSONDecoder().decode(JSONValue.self, from: reencoded)
        try c.expectEqual(
            NUTVectorHelpers.droppingNulls(decoded), NUTVectorHelpers.droppingNulls(message), "re-encoded message")
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
