// Nutshell interop — NUT-07/09: real check-state and restore answers, validated against their requests.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

extension NutshellFixtureTests {
    @Test("POST /v1/checkstate decodes and validates: spent, unspent and never-seen Ys")
    func checkState() throws {
        let request = try NutshellFixture.decode(CheckStateRequest.self, NutshellFixture.request("checkstate"))
        let response = try NutshellFixture.decode(CheckStateResponse.self, NutshellFixture.response("checkstate"))
        try response.validate(against: request)
        #expect(response.states.map(\.state) == [.spent, .spent, .unspent, .unspent, .unspent])
        #expect(response.states.allSatisfy { $0.witness == nil })
        // The Ys the capture computed with its own hash_to_curve are the mint's: proofs 0 and 1 were swapped.
        let wallet = try NutshellFixture.wallet("mint")
        for index in 0..<3 {
            #expect(try HashToCurve.point(secret: wallet[index].secret) == request.Ys[index])
        }
    }

    @Test("POST /v1/restore decodes, matches its request, signatures valid; unknown output left out")
    func restore() throws {
        let request = try NutshellFixture.decode(RestoreRequest.self, NutshellFixture.request("restore"))
        let response = try NutshellFixture.decode(RestoreResponse.self, NutshellFixture.response("restore"))
        let matched = try response.match(against: request)
        #expect(matched.map(\.requestIndex) == [0, 1, 2])
        // Nutshell 0.21.0 sends only `signatures` (no legacy `promises`), and `"C_": null` in each output (not in
        // NUT-09; our model ignores it).
        let raw = try NutshellFixture.object(NutshellFixture.response("restore"))
        #expect(raw["promises"] == nil)
        #expect((raw["outputs"] as? [[String: Any]])?.allSatisfy { $0["C_"] is NSNull } == true)
        try verifySignatures(
            response.signatures,
            outputs: response.outputs,
            wallet: NutshellFixture.wallet("mint"),
            keyset: NutshellFixture.keyset()
        )
    }
}
