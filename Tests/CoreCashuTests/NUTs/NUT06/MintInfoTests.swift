// Tests for NUT-06 mint info: lenient per-key decoding and `supports(nut:)`.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("MintInfo")
struct MintInfoTests {
    @Test func decodesLenientlyPerKey() throws {
        let json = """
            {"name":"Bob's Cashu mint","pubkey":"0283bf","version":"Nutshell/0.15.0","motd":"hi",
             "contact":[{"method":"email","info":"a@b"}],"time":1725304480,
             "nuts":{"4":{"methods":[{"method":"bolt11","unit":"sat"}],"disabled":false},
                     "5":{"methods":[],"disabled":true},
                     "7":{"supported":true},"8":{"supported":false},"9":"garbage",
                     "17":{"supported":[{"method":"bolt11","unit":"sat",
                                         "commands":["bolt11_mint_quote","proof_state"]}]},
                     "29":{"max_batch_size":100},"x":{}}}
            """
        let info = try JSONDecoder().decode(MintInfo.self, from: Data(json.utf8))
        #expect(info.name == "Bob's Cashu mint" && info.time == 1_725_304_480)
        #expect(info.supports(nut: 4))
        #expect(!info.supports(nut: 5))
        #expect(info.supports(nut: 7))
        #expect(!info.supports(nut: 8))
        #expect(info.supports(nut: 9))
        #expect(!info.supports(nut: 12))
        #expect(info.supports(nut: 17))
        #expect(info.nuts.webSockets?.offers(.proofState, method: "bolt11", unit: .sat) == true)
        #expect(info.nuts.batchMint?.maxBatchSize == 100)
    }

    @Test func everythingOptional() throws {
        let info = try JSONDecoder().decode(MintInfo.self, from: Data(#"{"name":5,"nuts":[]}"#.utf8))
        #expect(info.name == nil && info.nuts.advertised.isEmpty)
    }

    @Test func cachedResponsesFromNUT19() throws {
        let json = """
            {"nuts":{"19":{"ttl":60,"cached_endpoints":[{"method":"POST","path":"/v1/swap"}]},"7":{"supported":true}}}
            """
        let info = try JSONDecoder().decode(MintInfo.self, from: Data(json.utf8))
        #expect(info.nuts.cachedResponses?.ttl == 60)
        #expect(info.nuts.cachedResponses?.isCached(method: "POST", path: "/v1/swap") == true)
        let garbage = try JSONDecoder().decode(MintInfo.self, from: Data(#"{"nuts":{"19":{"ttl":"x"}}}"#.utf8))
        #expect(garbage.nuts.cachedResponses == nil)
        #expect(garbage.supports(nut: 19))
    }
}
