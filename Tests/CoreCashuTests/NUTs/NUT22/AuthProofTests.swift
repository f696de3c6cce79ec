// Tests for NUT-22 AuthProof and its `authA` header.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("AuthProof")
struct AuthProofTests {
    static let proof = AuthProof(
        id: try! KeysetID(hex: "00456a94ab4e1c46"),
        secret: "d341ee4871f1f889041e63cf0d3823c713eea6aff01e80f1719f08f9e5be98f6",
        C: try! Point(hex: "02648eccfa4c026960966276fa5a4cae46ce0fd432211a4f449bf84f13aa5f8303"))

    @Test func headerRoundTripsWithoutDLEQ() throws {
        var withDLEQ = Self.proof
        let one = try Scalar(hex: String(repeating: "0", count: 63) + "1")
        withDLEQ.dleq = ProofDLEQ(e: one, s: one, r: one)
        let header = try withDLEQ.headerValue()
        #expect(header.hasPrefix("authA"))
        let json = String(decoding: try Base64URL.decode(header.dropFirst(5)), as: UTF8.self)
        #expect(!json.contains("dleq") && !json.contains("amount"))
        #expect(try AuthProof(headerValue: header) == Self.proof)
        // Padded form is accepted too.
        let padded = "authA" + Base64URL.encode(try Base64URL.decode(header.dropFirst(5)), padded: true)
        #expect(try AuthProof(headerValue: padded) == Self.proof)
        #expect(!Self.proof.description.contains("d341ee"))
    }

    @Test func badHeadersAreTyped() {
        #expect(throws: EncodingFailure.self) { _ = try AuthProof(headerValue: "cashuAabc") }
        #expect(throws: EncodingFailure.self) { _ = try AuthProof(headerValue: "authA!!!") }
        #expect(throws: EncodingFailure.self) {
            _ = try AuthProof(headerValue: "authA" + Base64URL.encode(Array("{}".utf8)))
        }
        #expect(throws: EncodingFailure.self) {
            _ = try AuthProof(headerValue: "authA" + String(repeating: "A", count: 5000))
        }
    }
}
