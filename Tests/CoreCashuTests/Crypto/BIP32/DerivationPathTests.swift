// Tests for Sources/CashuEngine/Crypto/BIP32/DerivationPath.swift: parsing, printing and malformed paths.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("BIP-32 derivation paths")
struct DerivationPathTests {
    @Test("the NUT-13 path parses")
    func nut13Path() throws {
        let path = try DerivationPath(parsing: "m/129372'/0'/1'/2'/0")
        #expect(path.components.map(\.index) == [129_372, 0, 1, 2, 0])
        #expect(path.components.map(\.isHardened) == [true, true, true, true, false])
        #expect(path.components[0].rawValue == 129_372 | 0x8000_0000)
        #expect(path.description == "m/129372'/0'/1'/2'/0")
    }

    @Test("h and H mark hardened steps; m is the master")
    func notations() throws {
        #expect(try DerivationPath(parsing: "m/1h/2H/3'") == DerivationPath(parsing: "m/1'/2'/3'"))
        #expect(try DerivationPath(parsing: "m").components.isEmpty)
        #expect(try DerivationPath(parsing: "m/2147483647'").components[0].rawValue == 0xffff_ffff)
        #expect(try DerivationPath(parsing: "m/0").components[0] == .normal(0))
    }

    static func reason(_ text: String) -> String? {
        do {
            _ = try DerivationPath(parsing: text)
            return nil
        } catch {
            return error.code == .invalidDerivation ? error.reason : "wrong code \(error.code)"
        }
    }

    @Test(
        "malformed paths are rejected with the reason",
        arguments: [
            ("", "starts with"), ("0/1", "starts with"), ("M/1", "starts with"), ("/1", "starts with"),
            ("m/", "empty"), ("m//1", "empty"), ("m/1/", "empty"), ("m/'", "empty"),
            ("m/a", "decimal"), ("m/-1", "decimal"), ("m/+1", "decimal"), ("m/1 ", "decimal"), ("m/1''", "decimal"),
            ("m/0x10", "decimal"), ("m/１", "decimal"),
            ("m/01", "leading zero"), ("m/00'", "leading zero"),
            ("m/2147483648", "below 2^31"), ("m/2147483648'", "below 2^31"),
            ("m/99999999999999999999999", "below 2^31"),
        ])
    func malformed(_ text: String, _ expected: String) {
        let reason = Self.reason(text)
        #expect(reason?.contains(expected) == true, "\(text): \(reason ?? "accepted")")
    }

    @Test("depth is bounded")
    func depth() throws {
        let ok = "m" + String(repeating: "/0", count: 255)
        #expect(try DerivationPath(parsing: ok).components.count == 255)
        #expect(Self.reason(ok + "/0")?.contains("at most 255") == true)
        #expect(Self.reason("m" + String(repeating: "/0", count: 100_000))?.contains("at most 255") == true)
    }

    @Test("component constructors check the range")
    func components() throws {
        #expect(throws: CryptoError.self) { try DerivationPath.Component.hardened(0x8000_0000) }
        #expect(throws: CryptoError.self) { try DerivationPath.Component.normal(0x8000_0000) }
        #expect(try DerivationPath.Component.hardened(5).description == "5'")
        #expect(try DerivationPath.Component.normal(5).description == "5")
    }
}
