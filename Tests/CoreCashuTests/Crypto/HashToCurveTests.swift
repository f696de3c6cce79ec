// Tests of Crypto/HashToCurve.swift: NUT-00 hash_to_curve values, input forms and exhaustion.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("HashToCurve")
struct HashToCurveTests {
    static let zero32 = [UInt8](repeating: 0, count: 32)

    @Test func nut00Values() throws {
        #expect(try HashToCurve.point(message: Self.zero32).hex
            == "024cce997d3b518f739663b757deaec95bcd9473c30a14ac2fd04023a739d1a725")
        var one = Self.zero32
        one[31] = 1
        #expect(try HashToCurve.point(message: one).hex
            == "022e7158e11c9506f1aa4248bf531298daa7febd6194f003edcd9b93ade6253acf")
    }

    @Test func secretsHashTheirUTF8Bytes() throws {
        let secret = "daf4dd00a2b68a0858a80450f52c8a7d2ccf87d375e43e216e0c571f089f63e9"
        let y = try HashToCurve.point(secret: secret)
        // NUT-12 vector: this secret's Y (as UTF-8 text, not hex-decoded).
        #expect(y.hex == "024369d2d22a80ecf78f3937da9d5f30c1b9f74f0c32684d583cca0fa6a61cdcfc")
        #expect(try HashToCurve.point(message: Array(secret.utf8)) == y)
        #expect(try HashToCurve.point(message: Hex.decode(secret)) != y)
        // Non-ASCII and bridged/substring storage give the same bytes.
        let unicode = "ünïcødé 🥜"
        #expect(try HashToCurve.point(secret: unicode) == HashToCurve.point(message: Array(unicode.utf8)))
        let sub = "xx" + secret
        #expect(try HashToCurve.point(secret: String(sub.dropFirst(2))) == y)
    }

    @Test func nonContiguousInputTakesTheCopyPath() throws {
        let message: [UInt8] = Array(0..<40)
        let lazy = message.lazy.map { $0 }
        #expect(lazy.withContiguousStorageIfAvailable { _ in 0 } == nil)
        #expect(try HashToCurve.point(message: lazy) == HashToCurve.point(message: message))
    }

    @Test func alwaysEvenY() throws {
        #expect(try HashToCurve.point(message: []).hasEvenY)
        for i in 0..<32 {
            #expect(try HashToCurve.point(secret: "secret \(i)").hasEvenY)
        }
    }

    @Test func exhaustionIsATypedError() throws {
        var one = Self.zero32
        one[31] = 1
        // This message's first valid counter is 3 (nut00.json derived.counter_used).
        for limit: UInt32 in [0, 1, 3] {
            do {
                _ = try HashToCurve.point(message: one, counterLimit: limit)
                Issue.record("limit \(limit) should exhaust")
            } catch {
                #expect(error.code == .hashToCurveExhausted)
            }
        }
        #expect(try HashToCurve.point(message: one, counterLimit: 4) == HashToCurve.point(message: one))
    }

    @Test func distinctMessagesGiveDistinctPoints() throws {
        var seen = Set<Point>()
        for i in 0..<64 { seen.insert(try HashToCurve.point(secret: String(i))) }
        #expect(seen.count == 64)
    }
}
