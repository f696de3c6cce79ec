// NUT-18 — Payment requests: deterministic fuzzing of `creqA`/`creqb` decoding with random and mutated strings.

import CashuTestSupport
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("PaymentRequest fuzzing")
struct PaymentRequestFuzzTests {
    static let iterations = 24_000
    static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=")
    static let bech32Alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7lQPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L1bio")

    static var seeds: [String] {
        let files = [VectorFile.load("nut18"), VectorFile.load("nut26")]
        return files.flatMap { $0.cases.compactMap { $0.expected["encoded"].stringValue } }
    }

    /// Decodes `s`; a success must survive re-encoding in its own format. Any failure is a typed `EncodingFailure`
    /// (the signature guarantees it); the point is that nothing traps, hangs or throws anything else.
    static func exercise(_ s: String) -> Bool {
        let request: PaymentRequest
        do {
            request = try PaymentRequest(parsing: s)
        } catch {
            #expect(!error.reason.isEmpty)
            return false
        }
        do {
            if s.lowercased().hasPrefix("creqa") {
                let again = try PaymentRequest(encoded: request.creqA())
                #expect(again == request, "\(s)")
            } else if let encoded = try? request.creqB() {
                let again = try PaymentRequest(encoded: encoded)
                #expect(again == request, "\(s)")
            }
        } catch {
            Issue.record("re-encoding \(s) failed: \(error)")
        }
        return true
    }

    static func mutateBytes(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0 where !out.isEmpty:
                out[Int.random(in: 0..<out.count, using: &rng)] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
            case 1 where !out.isEmpty:
                out[Int.random(in: 0..<out.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            case 2: out.insert(UInt8.random(in: 0...255, using: &rng), at: Int.random(in: 0...out.count, using: &rng))
            case 3 where !out.isEmpty: out.removeSubrange(Int.random(in: 0..<out.count, using: &rng)..<out.count)
            default:
                let from = Int.random(in: 0...out.count, using: &rng)
                out.insert(contentsOf: [0x00, 0xff, 0x7f, 0x80, 0x1b, 0xf7, 0x9f, 0xbf], at: from)
            }
        }
        return out
    }

    static func mutateString(_ s: String, _ alphabet: [Character], _ rng: inout SplitMix64) -> String {
        var chars = Array(s)
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            guard !chars.isEmpty else { break }
            let i = Int.random(in: 0..<chars.count, using: &rng)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: chars[i] = alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
            case 1: chars.remove(at: i)
            case 2: chars.insert(alphabet[Int.random(in: 0..<alphabet.count, using: &rng)], at: i)
            default: chars[i] = (chars[i].isUppercase ? chars[i].lowercased() : chars[i].uppercased()).first ?? chars[i]
            }
        }
        return String(chars)
    }

    @Test func randomAndMutatedRequests() throws {
        var rng = SplitMix64(seed: 0x00c0_ffee_cafe_f00d)
        let seeds = Self.seeds
        #expect(seeds.count == 24)
        var accepted = 0
        for n in 0..<Self.iterations {
            let seed = seeds[n % seeds.count]
            let isA = seed.hasPrefix("creqA")
            let input: String
            switch n % 6 {
            case 0:  // character-level mutation of a published request
                input = Self.mutateString(seed, isA ? Self.base64Alphabet : Self.bech32Alphabet, &rng)
            case 1, 2:  // byte-level mutation under a valid wrapper, to reach the CBOR and TLV parsers
                if isA {
                    let bytes = try Base64URL.decode(seed.dropFirst(5))
                    input = "creqA" + Base64URL.encode(Self.mutateBytes(bytes, &rng))
                } else {
                    let bytes = try Bech32.decodeBytes(seed, variant: .bech32m).bytes
                    input = try Bech32.encode(hrp: "creqb", bytes: Self.mutateBytes(bytes, &rng), variant: .bech32m)
                }
            case 3:  // random CBOR bytes
                let count = Int.random(in: 0...64, using: &rng)
                input = "creqA" + Base64URL.encode((0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) })
            case 4:  // random TLV bytes with a valid checksum
                let count = Int.random(in: 0...64, using: &rng)
                let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
                input = try Bech32.encode(hrp: "creqb", bytes: bytes, variant: .bech32m)
            default:  // random characters after a plausible prefix
                let prefix = ["creqA", "CREQB1", "creqb1", "creq", ""][Int.random(in: 0..<5, using: &rng)]
                let alphabet = Self.base64Alphabet + Self.bech32Alphabet + ["~", " ", "é", "\u{0}"]
                let count = Int.random(in: 0...80, using: &rng)
                input = prefix + String((0..<count).map { _ in
                    alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
                })
            }
            if Self.exercise(input) { accepted += 1 }
        }
        // Both outcomes must occur, or the fuzzer is not reaching the parsers.
        #expect(accepted > 100)
        #expect(accepted < Self.iterations)
    }
}
