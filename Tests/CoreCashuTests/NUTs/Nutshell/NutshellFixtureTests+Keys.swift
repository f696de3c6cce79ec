// Nutshell interop — NUT-01/02/06: real `/v1/info`, `/v1/keys`, `/v1/keysets` bodies decoded with our models.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

extension NutshellFixtureTests {
    @Test("GET /v1/info decodes with every advertised NUT's settings present")
    func info() throws {
        let info = try NutshellFixture.decode(MintInfo.self, NutshellFixture.response("info"))
        // MintInfo drops a field of the wrong type silently, so each field Nutshell sends is checked to be there.
        #expect(info.name == "Cashu mint")
        #expect(info.version == "Nutshell/0.21.0")
        #expect(info.pubkey.map { (try? Point(hex: $0)) != nil } == true)
        #expect(info.contact == [])
        #expect(info.time != nil)
        #expect(info.nuts.advertised == [4, 5, 7, 8, 9, 10, 11, 12, 14, 17, 20, 29])
        for nut in [4, 5, 7, 8, 9, 10, 11, 12, 14, 17, 20, 29] {
            #expect(info.supports(nut: nut), "NUT-\(nut)")
        }
        let mint = try #require(info.nuts.mint)
        #expect(!mint.disabled)
        let bolt11 = try #require(mint.setting(method: "bolt11", unit: .sat))
        #expect(bolt11.methodName == "bolt11")
        #expect(bolt11.options?.description == true)
        let melt = try #require(info.nuts.melt)
        #expect(melt.setting(method: "bolt11", unit: .sat) != nil)
        let ws = try #require(info.nuts.webSockets)
        for kind in ["bolt11_melt_quote", "proof_state", "bolt11_mint_quote"] {
            #expect(ws.offers(SubscriptionKind(rawValue: kind), method: "bolt11", unit: .sat), "\(kind)")
        }
        let batch = try #require(info.nuts.batchMint)
        #expect(batch.maxBatchSize == 1000)
        #expect(batch.methods == ["bolt11"])
    }

    @Test("GET /v1/keys decodes and every keyset id verifies")
    func keys() throws {
        let keys = try NutshellFixture.decode(KeysResponse.self, NutshellFixture.response("keys"))
        try #require(!keys.keysets.isEmpty)
        for keyset in keys.keysets {
            try keyset.verifyID()
            #expect(keyset.id.version == KeysetID.versionV2)
            #expect(!keyset.id.isShort)
            #expect(keyset.unit == .sat)
            #expect(keyset.active == true)
            #expect(keyset.inputFeePPK == 100)
            // Nutshell's default keyset: 2^0 ... 2^63.
            #expect(keyset.keys.amounts == (0..<64).map { UInt64(1) << $0 })
        }
    }

    @Test("GET /v1/keys/{id} decodes, verifies and equals the entry of /v1/keys")
    func keysByID() throws {
        let all = try NutshellFixture.decode(KeysResponse.self, NutshellFixture.response("keys"))
        let one = try NutshellFixture.decode(KeysResponse.self, NutshellFixture.response("keys-by-id-0"))
        try #require(one.keysets.count == 1)
        try one.keysets[0].verifyID()
        #expect(all.keysets.contains(one.keysets[0]))
    }

    @Test("GET /v1/keysets decodes and matches the keys")
    func keysets() throws {
        let keysets = try NutshellFixture.decode(KeysetsResponse.self, NutshellFixture.response("keysets"))
        let keys = try NutshellFixture.decode(KeysResponse.self, NutshellFixture.response("keys"))
        #expect(Set(keysets.keysets.map(\.id)) == Set(keys.keysets.map(\.id)))
        for info in keysets.keysets {
            #expect(info.active)
            #expect(info.unit == .sat)
            #expect(info.inputFeePPK == 100)
            // Nutshell sends `"final_expiry": null` here and leaves it out of /v1/keys.
            #expect(info.finalExpiry == nil)
        }
        let raw = try NutshellFixture.object(NutshellFixture.response("keysets"))
        let first = try #require((raw["keysets"] as? [[String: Any]])?.first)
        #expect(first["final_expiry"] is NSNull)
    }
}
