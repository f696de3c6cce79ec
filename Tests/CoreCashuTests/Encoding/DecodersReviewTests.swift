// Review tests — every decoder of untrusted text or bytes returns or throws on random and mutated input, never traps.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Review: decoders survive random input")
struct DecodersReviewTests {
    // SplitMix64 (from PaymentRequestFuzzTests) keeps every run on the same inputs.
    typealias Seeded = SplitMix64

    static func bytes(_ g: inout Seeded, max: Int) -> [UInt8] {
        (0..<Int.random(in: 0...max, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) }
    }

    static func mutate(_ s: String, _ g: inout Seeded) -> String {
        var u = Array(s.utf8)
        guard !u.isEmpty else { return s }
        for _ in 0..<Int.random(in: 1...4, using: &g) {
            let i = Int.random(in: 0..<u.count, using: &g)
            switch Int.random(in: 0...2, using: &g) {
            case 0: u[i] = UInt8.random(in: 0x20...0x7e, using: &g)
            case 1: u.remove(at: i)
            default: u.insert(UInt8.random(in: 0x20...0x7e, using: &g), at: i)
            }
            if u.isEmpty { break }
        }
        return String(decoding: u, as: UTF8.self)
    }

    @Test func cborAndBase64AndHexOnRandomBytes() {
        var g = Seeded(seed: 1)
        for _ in 0..<20_000 {
            let raw = Self.bytes(&g, max: 64)
            _ = try? CBORDecoder.decode(raw)
            let text = String(decoding: raw, as: UTF8.self)
            _ = try? Base64URL.decode(text)
            _ = try? Hex.decode(text)
            _ = try? Bech32.decode(text)
            _ = try? KeysetID(hex: text)
            _ = try? DerivationPath(parsing: "m/" + text)
        }
    }

    @Test func paymentRequestsOnMutatedInput() throws {
        var g = Seeded(seed: 2)
        let request = PaymentRequest(
            id: "b7a90176", amount: 10, unit: "sat", singleUse: true, mints: ["https://mint.example"],
            description: "coffee",
            transports: [.init(kind: .post, target: "https://pay.example", tags: [["n", "17"]])],
            nut10: .init(kind: "P2PK", data: "02aa", tags: [["locktime", "1"]]))
        let seeds = [request.creqA(), try request.creqB(), try request.creqB().lowercased()]
        for _ in 0..<5_000 {
            for seed in seeds { _ = try? PaymentRequest(encoded: Self.mutate(seed, &g)) }
        }
        for _ in 0..<5_000 {
            let raw = Self.bytes(&g, max: 80)
            _ = try? PaymentRequest.decodeCreqB(Bech32.encode(hrp: "creqb", bytes: raw, variant: .bech32m))
            _ = try? NostrProfile(nip19: Bech32.encode(hrp: "nprofile", bytes: raw, variant: .bech32))
            _ = try? PaymentRequest(cbor: CBORDecoder.decode(raw))
        }
    }

    @Test func secretsWitnessesAndMnemonicsOnMutatedInput() {
        var g = Seeded(seed: 3)
        let secret =
            #"["HTLC",{"nonce":"00","data":"ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5","tags":"#
            + #"[["pubkeys","02698c4e2b5f9534cd0687d87513c759790cf829aa5739184a3e3735471fbda904"],["n_sigs","1"],"#
            + #"["locktime","1"],["refund","033281c37677ea273eb7183b783067f5244933ef78d8c3f15b1a77cb246099c26e"],"#
            + #"["sigflag","SIG_ALL"]]}]"#
        let witness =
            #"{"preimage":"0000000000000000000000000000000000000000000000000000000000000001","signatures":["00"]}"#
        let phrase = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
        for _ in 0..<3_000 {
            let s = Self.mutate(secret, &g)
            _ = try? SpendingConditions.parse(secret: s)
            _ = try? HTLCWitness(parsing: Self.mutate(witness, &g))
            _ = try? Mnemonic(phrase: Self.mutate(phrase, &g))
        }
    }
}
