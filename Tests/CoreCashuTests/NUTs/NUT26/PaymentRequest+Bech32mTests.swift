// NUT-26 — Payment request bech32m encoding: tests of `creqb` encoding, decoding and the shared entry point.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("PaymentRequest (creqb)")
struct PaymentRequestBech32mTests {
    static let npub = "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6"

    /// The code of the `EncodingFailure` `body` throws; `nil` when it succeeds, `notEncodingFailure` for any other
    /// error.
    static func code(_ body: () throws -> Void) -> EncodingFailure.Code? {
        do { try body() } catch let error as EncodingFailure { return error.code } catch {
            return EncodingFailure.Code(rawValue: "notEncodingFailure")
        }
        return nil
    }

    static func creqb(_ tlv: [UInt8]) throws -> String {
        try Bech32.encode(hrp: "creqb", bytes: tlv, variant: .bech32m).uppercased()
    }

    @Test func roundTripAllFields() throws {
        let request = PaymentRequest(
            id: "id", amount: UInt64.max, unit: "sat", singleUse: true, mints: ["https://a", "https://b"],
            description: "☕",
            transports: [
                .init(kind: .nostr, target: Self.npub, tags: [["n", "17"]]),
                .init(kind: .post, target: "https://pay.example", tags: [["k", "v1", "v2"], ["solo"]]),
            ],
            nut10: .init(kind: "HTLC", data: "ab", tags: [["locktime", "1"]]))
        let encoded = try request.creqB()
        #expect(encoded == encoded.uppercased())
        #expect(encoded.hasPrefix("CREQB1"))
        #expect(try PaymentRequest(encoded: encoded) == request)
        #expect(try PaymentRequest.decodeCreqB(encoded.lowercased()) == request)
    }

    @Test func nprofileRelaysBecomeRTuplesAndBack() throws {
        let profile = try NostrProfile(
            publicKey: [UInt8](repeating: 0x11, count: 32), relays: ["wss://one.example", "wss://two.example"])
        let request = PaymentRequest(
            transports: [.init(kind: .nostr, target: try profile.nprofile(), tags: [["n", "17"]])])
        let decoded = try PaymentRequest(encoded: try request.creqB())
        #expect(decoded == request)
        // Without relays the target comes back as an npub.
        let bare = PaymentRequest(transports: [.init(kind: .nostr, target: try NostrProfile(
            publicKey: profile.publicKey).nprofile())])
        #expect(try PaymentRequest(encoded: try bare.creqB()).transports?.first?.target == profile.npub)
    }

    @Test func encodeRejectsWhatTLVCannotHold() {
        let badTarget = PaymentRequest(transports: [.init(kind: .nostr, target: "https://not-a-key")])
        #expect(Self.code { _ = try badTarget.creqB() } != nil)
        let longTag = PaymentRequest(
            transports: [.init(kind: .post, target: "u", tags: [[String(repeating: "x", count: 256)]])])
        #expect(Self.code { _ = try longTag.creqB() } == .limitExceeded)
        let emptyTag = PaymentRequest(transports: [.init(kind: .post, target: "u", tags: [[]])])
        #expect(Self.code { _ = try emptyTag.creqB() } == .invalidField)
        let unknownLock = PaymentRequest(nut10: .init(kind: "FUTURE", data: "x"))
        #expect(Self.code { _ = try unknownLock.creqB() } == .invalidField)
        let huge = PaymentRequest(description: String(repeating: "d", count: 70_000))
        #expect(Self.code { _ = try huge.creqB() } == .limitExceeded)
    }

    @Test func unknownNUT10KindPreserved() throws {
        let request = PaymentRequest(nut10: .init(kind: "200", data: "x"))
        #expect(try PaymentRequest(encoded: try request.creqB()) == request)
    }

    @Test func typedErrorsForBadRecords() throws {
        let cases: [([UInt8], EncodingFailure.Code)] = [
            ([0x01, 0x00], .truncated),
            ([0x01, 0x00, 0x02, 0x61], .truncated),
            ([0x02, 0x00, 0x09] + [UInt8](repeating: 0, count: 9) + [0x03, 0x00, 0x01, 0x00], .invalidLength),
            ([0x04, 0x00, 0x00], .invalidField),
            ([0x01, 0x00, 0x01, 0x61, 0x01, 0x00, 0x01, 0x62], .invalidField),
            ([0x07, 0x00, 0x04, 0x01, 0x00, 0x01, 0x00], .missingField),
            ([0x07, 0x00, 0x03, 0x01, 0x00, 0x02], .truncated),
            ([0x07, 0x00, 0x05, 0x01, 0x00, 0x02, 0x00, 0x01], .invalidLength),
            ([0x08, 0x00, 0x04, 0x01, 0x00, 0x01, 0x00], .missingField),
            ([0x08, 0x00, 0x03, 0x03, 0x00, 0x00], .invalidField),
            ([0x05, 0x00, 0x01, 0xc0], .invalidField),
        ]
        for (tlv, expected) in cases {
            let s = try Self.creqb(tlv)
            #expect(Self.code { _ = try PaymentRequest(encoded: s) } == expected, "\(Hex.encode(tlv))")
        }
    }

    @Test func entryPointDispatch() throws {
        #expect(Self.code { _ = try PaymentRequest(encoded: "creq") } == .invalidPrefix)
        #expect(Self.code { _ = try PaymentRequest(encoded: "lnbc1") } == .invalidPrefix)
        #expect(Self.code { _ = try PaymentRequest(encoded: "creqb") } == .invalidPrefix)
        #expect(Self.code { _ = try PaymentRequest(encoded: "creqb1") } == .invalidBech32)
        #expect(Self.code { _ = try PaymentRequest.decodeCreqB("creqA") } == .mixedCase)
        #expect(Self.code { _ = try PaymentRequest.decodeCreqA("CREQB1QQQQ") } == .invalidPrefix)
        let other = try Bech32.encode(hrp: "creqb", bytes: [], variant: .bech32)
        #expect(Self.code { _ = try PaymentRequest(encoded: other) } == .bech32Checksum)
    }
}
