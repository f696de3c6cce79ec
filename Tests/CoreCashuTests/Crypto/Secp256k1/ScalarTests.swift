// Tests of Crypto/Secp256k1/Scalar.swift: parsing bounds, reduction mod n, arithmetic identities, redaction.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Scalar")
struct ScalarTests {
    static let n = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
    static let nMinus1 = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140"
    static let nMinus2 = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd036413f"
    static let nPlus1 = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364142"

    static func scalar(_ value: UInt8) throws -> Scalar {
        try Scalar(rawRepresentation: [UInt8](repeating: 0, count: 31) + [value])
    }

    static func hex(_ value: UInt8) -> String {
        String(repeating: "0", count: 62) + String(format: "%02x", value)
    }

    static func expectInvalid(_ body: () throws -> Void) {
        #expect(throws: CryptoError.self) { try body() }
        do { try body() } catch let error as CryptoError {
            #expect(error.code == .invalidScalar)
        } catch { Issue.record("wrong error \(error)") }
    }

    @Test func parsesBoundaries() throws {
        Self.expectInvalid { _ = try Scalar(hex: String(repeating: "0", count: 64)) }
        Self.expectInvalid { _ = try Scalar(hex: Self.n) }
        Self.expectInvalid { _ = try Scalar(hex: Self.nPlus1) }
        Self.expectInvalid { _ = try Scalar(hex: String(repeating: "f", count: 64)) }
        #expect(try Scalar(hex: Self.nMinus1).exposedSecretHex == Self.nMinus1)
        #expect(try Scalar(hex: Self.hex(1)).exposedSecretBytes == [UInt8](repeating: 0, count: 31) + [1])
        // Upper-case hex is accepted and re-encoded lower-case.
        #expect(try Scalar(hex: Self.nMinus1.uppercased()).exposedSecretHex == Self.nMinus1)
    }

    @Test func rejectsWrongLengthsAndText() {
        Self.expectInvalid { _ = try Scalar(rawRepresentation: [UInt8](repeating: 1, count: 31)) }
        Self.expectInvalid { _ = try Scalar(rawRepresentation: [UInt8](repeating: 1, count: 33)) }
        Self.expectInvalid { _ = try Scalar(rawRepresentation: [UInt8]()) }
        Self.expectInvalid { _ = try Scalar(hex: String(repeating: "1", count: 63)) }
        Self.expectInvalid { _ = try Scalar(hex: String(repeating: "1", count: 66)) }
        Self.expectInvalid { _ = try Scalar(hex: String(repeating: "g", count: 64)) }
        Self.expectInvalid { _ = try Scalar(hex: "") }
    }

    @Test func reducesModuloOrder() throws {
        let n = try Hex.decode(Self.n)
        Self.expectInvalid { _ = try Scalar(reducing: n) }
        Self.expectInvalid { _ = try Scalar(reducing: [UInt8](repeating: 0, count: 32)) }
        Self.expectInvalid { _ = try Scalar(reducing: [UInt8](repeating: 0xff, count: 31)) }
        #expect(try Scalar(reducing: Hex.decode(Self.nPlus1)) == Self.scalar(1))
        #expect(try Scalar(reducing: Hex.decode(Self.nMinus1)).exposedSecretHex == Self.nMinus1)
        #expect(try Scalar(reducing: Hex.decode(Self.hex(7))) == Self.scalar(7))
        // 2^256 − 1 − n
        let reduced = try Scalar(reducing: [UInt8](repeating: 0xff, count: 32))
        #expect(reduced.exposedSecretHex == "000000000000000000000000000000014551231950b75fc4402da1732fc9bebe")
        // 2n − 1 would not fit in 32 bytes; the largest input n + (2^256 − 1 − n) is covered above.
    }

    @Test func addsWithKnownValues() throws {
        #expect(try Self.scalar(1).adding(Self.scalar(2)) == Self.scalar(3))
        let nMinus1 = try Scalar(hex: Self.nMinus1)
        #expect(try nMinus1.adding(nMinus1).exposedSecretHex == Self.nMinus2)
        #expect(try nMinus1.adding(Self.scalar(2)) == Self.scalar(1))
        let one = try Self.scalar(1)
        do {
            _ = try nMinus1.adding(one)
            Issue.record("(n − 1) + 1 must not be a scalar")
        } catch {
            #expect(error.code == .degenerateResult)
        }
    }

    @Test func multipliesWithKnownValues() throws {
        #expect(try Self.scalar(2).multiplied(by: Self.scalar(3)) == Self.scalar(6))
        let nMinus1 = try Scalar(hex: Self.nMinus1)
        #expect(try nMinus1.multiplied(by: nMinus1) == Self.scalar(1))
        #expect(try nMinus1.multiplied(by: Self.scalar(2)).exposedSecretHex == Self.nMinus2)
        #expect(try Self.scalar(1).multiplied(by: nMinus1) == nMinus1)
    }

    @Test func negates() throws {
        let one = try Self.scalar(1)
        #expect(one.negated().exposedSecretHex == Self.nMinus1)
        let x = Scalar.random()
        #expect(x.negated().negated() == x)
        #expect(throws: CryptoError.self) { try x.adding(x.negated()) }
    }

    @Test func publicKeysOfSmallScalars() throws {
        #expect(try Self.scalar(1).publicKey.hex
            == "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
        #expect(try Self.scalar(2).publicKey.hex
            == "02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5")
        #expect(try Self.scalar(3).publicKey.hex
            == "02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9")
        #expect(try Scalar(hex: Self.nMinus1).publicKey == Self.scalar(1).publicKey.negated())
    }

    @Test func randomScalarsDiffer() {
        #expect(Scalar.random() != Scalar.random())
    }

    @Test func neverPrintsItsValue() throws {
        let s = try Scalar(hex: Self.nMinus1)
        #expect(s.description == "<redacted>")
        #expect("\(s)" == "<redacted>")
        #expect(!String(reflecting: s).contains("4140"))
        #expect(!String(describing: [s]).contains("4140"))
    }

    @Test func codableAsHex() throws {
        let s = try Scalar(hex: Self.nMinus1)
        let data = try JSONEncoder().encode([s])
        #expect(String(decoding: data, as: UTF8.self) == "[\"\(Self.nMinus1)\"]")
        #expect(try JSONDecoder().decode([Scalar].self, from: data) == [s])
        let outOfRange = Data("[\"\(Self.n)\"]".utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Scalar].self, from: outOfRange) }
    }
}
