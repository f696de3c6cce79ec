// Tests of Crypto/Secp256k1/Point.swift: SEC1 parsing and rejection, group identities.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Point")
struct PointTests {
    static let gHex = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
    static let gUncompressed =
        "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
        + "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"
    static let twoGHex = "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"
    static let threeGHex = "02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9"

    static var g: Point { get throws { try Point(hex: gHex) } }

    static func expectInvalid(_ body: () throws -> Void) {
        do {
            try body()
            Issue.record("accepted an invalid point")
        } catch let error as CryptoError {
            #expect(error.code == .invalidPoint)
        } catch { Issue.record("wrong error \(error)") }
    }

    @Test func parsesCompressedAndUncompressed() throws {
        let g = try Self.g
        let fromSEC1 = try Point(sec1: Hex.decode(Self.gUncompressed))
        #expect(fromSEC1 == g)
        #expect(g.uncompressedRepresentation == (try Hex.decode(Self.gUncompressed)))
        #expect(g.compressedRepresentation == (try Hex.decode(Self.gHex)))
        #expect(g.hex == Self.gHex)
        #expect(g.hasEvenY)
        #expect(g.xOnly == Array(try Hex.decode(Self.gHex).dropFirst()))
        #expect(try Point(xOnly: g.xOnly) == g)
        #expect(try Point(hex: Self.gHex.uppercased()) == g)
    }

    @Test func rejectsBadPrefixesAndLengths() throws {
        let x = String(Self.gHex.dropFirst(2))
        Self.expectInvalid { _ = try Point(hex: "04" + x) }
        Self.expectInvalid { _ = try Point(hex: "05" + x) }
        Self.expectInvalid { _ = try Point(hex: "00" + x) }
        Self.expectInvalid { _ = try Point(hex: x) }
        Self.expectInvalid { _ = try Point(hex: Self.gHex + "00") }
        Self.expectInvalid { _ = try Point(hex: "") }
        Self.expectInvalid { _ = try Point(hex: "zz" + x) }
        // The wire format is compressed only: the uncompressed encoding of a valid point is refused there.
        Self.expectInvalid { _ = try Point(hex: Self.gUncompressed) }
        Self.expectInvalid { _ = try Point(sec1: [UInt8](repeating: 2, count: 34)) }
        Self.expectInvalid { _ = try Point(xOnly: [UInt8](repeating: 1, count: 33)) }
        // Uncompressed with the wrong prefix, and with a y that is not on the curve.
        let uncompressed = try Hex.decode(Self.gUncompressed)
        Self.expectInvalid { _ = try Point(sec1: [0x02] + uncompressed.dropFirst()) }
        var badY = uncompressed
        badY[64] ^= 1
        Self.expectInvalid { _ = try Point(sec1: badY) }
    }

    @Test func rejectsHybridEncoding() throws {
        // SEC1 "hybrid" 06/07 encodings are a malleable third form; libsecp256k1 accepts them, Cashu must not.
        let uncompressed = try Hex.decode(Self.gUncompressed)
        Self.expectInvalid { _ = try Point(sec1: [0x06] + uncompressed.dropFirst()) }
        Self.expectInvalid { _ = try Point(sec1: [0x07] + uncompressed.dropFirst()) }
    }

    @Test func rejectsXNotOnCurve() {
        // BIP-340 test vector 5: x with no point; and x = p, outside the field.
        Self.expectInvalid { _ = try Point(hex: "02eefdea4cdb677750a420fee807eacf21eb9898ae79b9768766e4faa04a2d4a34") }
        Self.expectInvalid { _ = try Point(hex: "02fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f") }
        // y² = 7 has no root mod p, so x = 0 is not on the curve.
        Self.expectInvalid { _ = try Point(hex: "02" + String(repeating: "0", count: 64)) }
    }

    @Test func groupIdentities() throws {
        let g = try Self.g
        let twoG = try g.adding(g)
        #expect(twoG.hex == Self.twoGHex)
        #expect(try twoG.adding(g).hex == Self.threeGHex)
        #expect(try twoG.subtracting(g) == g)
        #expect(g.negated().hex == "03" + Self.gHex.dropFirst(2))
        #expect(g.negated().negated() == g)
        #expect(!g.negated().hasEvenY)
        let three = try Scalar(hex: String(repeating: "0", count: 63) + "3")
        #expect(g.multiplied(by: three).hex == Self.threeGHex)
        #expect(Point(generatorMultipliedBy: three).hex == Self.threeGHex)
        let p = Scalar.random().publicKey
        #expect(throws: CryptoError.self) { try p.adding(p.negated()) }
        do { _ = try p.subtracting(p) } catch { #expect(error.code == .degenerateResult) }
    }

    @Test func hashableAndCodable() throws {
        let g = try Self.g
        let copy = try Point(sec1: Hex.decode(Self.gUncompressed))
        #expect(Set([g, copy]).count == 1)
        let data = try JSONEncoder().encode([g])
        #expect(String(decoding: data, as: UTF8.self) == "[\"\(Self.gHex)\"]")
        #expect(try JSONDecoder().decode([Point].self, from: data) == [g])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Point].self, from: Data("[\"02\"]".utf8)) }
        #expect(g.description == Self.gHex)
    }
}
