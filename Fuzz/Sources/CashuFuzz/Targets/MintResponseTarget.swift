// Every mint answer the client decodes (NUT-01 to NUT-09, NUT-29, the NUT-00 error body), chosen by the first byte.

import Foundation

@testable import CashuEngine

extension FuzzTarget {
    /// The first byte picks the body type; the rest is the body. Codable answers must survive encode → decode.
    static let mintResponse = FuzzTarget(name: "mint-response") { input in
        guard let (choice, rest) = input.select(12) else { return }
        let body = rest.bytes
        switch choice {
        case 0:
            FuzzJSON.roundTrip(KeysResponse.self, body) { $0.keysets == $1.keysets }
            for keyset in FuzzJSON.decode(KeysResponse.self, body)?.keysets ?? [] { _ = try? keyset.verifyID() }
        case 1: FuzzJSON.roundTrip(KeysetsResponse.self, body) { $0.keysets == $1.keysets }
        case 2: _ = FuzzJSON.decode(MintInfo.self, body)
        case 3: FuzzJSON.roundTrip(MintQuoteBolt11Response.self, body, same: ==)
        case 4: FuzzJSON.roundTrip(MintQuoteBolt12Response.self, body, same: ==)
        case 5: FuzzJSON.roundTrip(MeltQuoteResponse.self, body, same: ==)
        case 6: FuzzJSON.roundTrip(SwapResponse.self, body, same: ==)
        case 7: FuzzJSON.roundTrip(MintResponse.self, body, same: ==)
        case 8: FuzzJSON.roundTrip(CheckStateResponse.self, body, same: ==)
        case 9:
            FuzzJSON.roundTrip(RestoreResponse.self, body, same: ==)
            if let response = FuzzJSON.decode(RestoreResponse.self, body) {
                _ = try? response.match(against: RestoreRequest(outputs: response.outputs))
            }
        case 10: FuzzJSON.roundTrip([MintQuoteBolt11Response].self, body, same: ==)
        default:
            for status in [400, 422, 500] {
                guard let error = MintErrorBody.parse(body, status: status) else { continue }
                invariant(error.detail.count <= 512, "a mint error detail is longer than 512 characters")
            }
        }
    }
}
