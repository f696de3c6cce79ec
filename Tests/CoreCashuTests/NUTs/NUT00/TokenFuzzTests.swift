// Randomized tests of the NUT-00 token decoders: every input must decode or fail with a typed error, never crash.

import CashuTestSupport
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Token fuzzing")
struct TokenFuzzTests {
    typealias F = TokenFixtures

    /// What happened to one input.
    enum Outcome: Hashable {
        case decoded
        case encoding(EncodingFailure.Code)
        case crypto(CryptoError.Code)
    }

    /// Seed tokens whose encodings are mutated: every optional field, several keysets, a short id, V3 multi-mint.
    static func seeds() throws -> [Token] {
        let long = try KeysetID(hex: "01" + String(repeating: "37", count: 32))
        return [
            Token(mint: "http://localhost:3338", unit: "sat", memo: "Thank you", proofs: [F.proof(1)]),
            Token(
                mint: "https://mint.example", unit: "usd",
                proofs: [try F.fullProof(), F.proof(2, id: F.idV1b, n: 1), F.proof(1 << 63, id: long, n: 2)]),
            Token(mint: "m", unit: "sat", proofs: [F.proof(8, id: long.shortened, n: 3), F.proof(300, n: 1)]),
            Token(
                entries: [
                    TokenEntry(mint: "https://a.example", proofs: [F.proof(1), try F.fullProof()]),
                    TokenEntry(mint: "https://b.example", proofs: [F.proof(70_000, id: long, n: 2)]),
                ], unit: nil, memo: "two mints"),
        ]
    }

    /// Decodes one input, asserting the typed-error contract and, for accepted tokens, a stable round trip.
    static func run(_ input: () throws -> Token) -> Outcome {
        do {
            let token = try input()
            // Whatever is accepted must survive V3 (which keeps proof order and every field) unchanged.
            do {
                #expect(try Token.decode(try token.serialized(as: .v3)) == token)
            } catch {
                Issue.record("re-serialization of an accepted token failed: \(error)")
            }
            return .decoded
        } catch let error as EncodingFailure {
            return .encoding(error.code)
        } catch let error as CryptoError {
            #expect(error.code == .invalidPoint || error.code == .invalidScalar)
            return .crypto(error.code)
        } catch {
            Issue.record("untyped error \(type(of: error)): \(error)")
            return .decoded
        }
    }

    static func mutate(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            guard !out.isEmpty else { break }
            let at = Int.random(in: 0..<out.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: out[at] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &rng)
            case 1: out[at] = UInt8.random(in: 0...255, using: &rng)
            case 2: out.removeSubrange(at..<min(out.count, at + Int.random(in: 1...8, using: &rng)))
            case 3: out.insert(UInt8.random(in: 0...255, using: &rng), at: at)
            case 4: out = Array(out.prefix(at))
            default:
                // Interesting CBOR heads: huge lengths, indefinite markers, breaks, undefined, tags.
                let heads: [UInt8] = [0x1b, 0x5b, 0x7b, 0x9b, 0xbb, 0x9f, 0xbf, 0xff, 0xf7, 0xf6, 0xd8, 0x00, 0x22]
                out[at] = heads[Int.random(in: 0..<heads.count, using: &rng)]
            }
        }
        return out
    }

    @Test func decodersOnlyEverDecodeOrThrowTypedErrors() throws {
        var rng = SplitMix64(seed: 0x5eed_cafe_f00d_0001)
        var outcomes: [Outcome: Int] = [:]
        let seeds = try Self.seeds()
        let v4Bodies = try seeds.filter { $0.mint != nil }.map { try TokenV4Coding.encode($0) }
        let v3Bodies = seeds.map { TokenV3Coding.encode($0) }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=".utf8)
        var total = 0
        func record(_ outcome: Outcome) {
            outcomes[outcome, default: 0] += 1
            total += 1
        }

        // 1. Random text behind each prefix (mostly base64 characters, some arbitrary bytes).
        for i in 0..<3000 {
            let prefix = ["cashuA", "cashuB", "cashu:cashuB", "cashuA", "cashu"][i % 5]
            let length = Int.random(in: 0..<200, using: &rng)
            let chars: [UInt8] = (0..<length).map { _ in
                Int.random(in: 0..<20, using: &rng) == 0
                    ? UInt8.random(in: 0...127, using: &rng) : alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
            }
            let text = prefix + String(decoding: chars, as: UTF8.self)
            record(Self.run { try Token.decode(text) })
        }
        // 2. Random bytes, base64url-encoded, and as binary tokens.
        for i in 0..<3000 {
            let bytes = (0..<Int.random(in: 0..<160, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            switch i % 3 {
            case 0: record(Self.run { try Token.decode("cashuB" + Base64URL.encode(bytes)) })
            case 1: record(Self.run { try Token.decode("cashuA" + Base64URL.encode(bytes)) })
            default: record(Self.run { try Token.decode(binary: Array("crawB".utf8) + bytes) })
            }
        }
        // 3. Valid V4 CBOR with flips, truncations, insertions, deletions, hostile heads; text and binary.
        for i in 0..<9000 {
            let body = Self.mutate(v4Bodies[i % v4Bodies.count], &rng)
            if i % 4 == 3 {
                record(Self.run { try Token.decode(binary: Array("crawB".utf8) + body) })
            } else {
                record(Self.run { try Token.decode("cashuB" + Base64URL.encode(body, padded: i % 2 == 0)) })
            }
        }
        // 4. Valid V3 JSON with the same mutations.
        for i in 0..<5000 {
            let body = Self.mutate(v3Bodies[i % v3Bodies.count], &rng)
            record(Self.run { try Token.decode("cashuA" + Base64URL.encode(body)) })
        }
        // 5. Valid token strings mutated as text.
        let texts = try seeds.map { try $0.serialized(as: $0.mint == nil ? .v3 : .v4) }
        for i in 0..<1000 {
            let text = Self.mutate(Array(texts[i % texts.count].utf8), &rng)
            record(Self.run { try Token.decode(String(decoding: text, as: UTF8.self)) })
        }

        #expect(total >= 20_000)
        // The corpus must reach deep: some mutants still decode, and failures span many error kinds.
        #expect(outcomes[.decoded, default: 0] > 100)
        #expect(outcomes.keys.count >= 10)
        let summary = outcomes.map { "\($0.key): \($0.value)" }.sorted().joined(separator: ", ")
        print("token fuzz: \(total) inputs — \(summary)")
    }
}
