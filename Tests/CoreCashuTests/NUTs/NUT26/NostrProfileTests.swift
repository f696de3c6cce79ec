// NUT-26 — Payment request bech32m encoding: tests of NIP-19 npub/nprofile parsing and writing.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NostrProfile (NIP-19)")
struct NostrProfileTests {
    static let key = "3bf0c63fcb93463407af97a5e5ee64fa883d107ef9e558472c4eb9aaaefa459d"

    @Test func npubRoundTrip() throws {
        // NIP-19's own example key.
        let profile = try NostrProfile(nip19: "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6")
        #expect(Hex.encode(profile.publicKey) == Self.key)
        #expect(profile.relays.isEmpty)
        #expect(try profile.nip19() == "npub180cvv07tjdrrgpa0j7j7tmnyl2yr6yr7l8j4s3evf6u64th6gkwsyjh6w6")
    }

    @Test func nprofileRoundTrip() throws {
        // NIP-19's nprofile example.
        let s =
            "nprofile1qqsrhuxx8l9ex335q7he0f09aej04zpazpl0ne2cgukyawd24mayt8gpp4mhxue69uhhytnc9e3k7mgpz4mhxue69uhkg6nzv9ejuumpv34kytnrdaksjlyr9p"
        let profile = try NostrProfile(nip19: s)
        #expect(Hex.encode(profile.publicKey) == Self.key)
        #expect(profile.relays == ["wss://r.x.com", "wss://djbas.sadkb.com"])
        #expect(try profile.nprofile() == s)
        #expect(try NostrProfile(nip19: s.uppercased()) == profile)
    }

    @Test func badInputRejected() throws {
        // tests/18 "Nostr Transport" npub: invalid checksum (nut18.json erratum 2).
        #expect(throws: EncodingFailure.self) {
            try NostrProfile(nip19: "npub1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq28spj3")
        }
        let wrongHRP = try Bech32.encode(hrp: "nsec", bytes: [UInt8](repeating: 1, count: 32), variant: .bech32)
        #expect(throws: EncodingFailure.self) { try NostrProfile(nip19: wrongHRP) }
        let shortKey = try Bech32.encode(hrp: "npub", bytes: [UInt8](repeating: 1, count: 31), variant: .bech32)
        #expect(throws: EncodingFailure.self) { try NostrProfile(nip19: shortKey) }
        let bech32m = try Bech32.encode(hrp: "npub", bytes: [UInt8](repeating: 1, count: 32), variant: .bech32m)
        #expect(throws: EncodingFailure.self) { try NostrProfile(nip19: bech32m) }
        let noKey = try Bech32.encode(hrp: "nprofile", bytes: [1, 3] + Array("wss".utf8), variant: .bech32)
        #expect(throws: EncodingFailure.self) { try NostrProfile(nip19: noKey) }
        let cut = try Bech32.encode(hrp: "nprofile", bytes: [0, 32, 1], variant: .bech32)
        #expect(throws: EncodingFailure.self) { try NostrProfile(nip19: cut) }
        #expect(throws: EncodingFailure.self) {
            try NostrProfile(publicKey: [UInt8](repeating: 0, count: 32), relays: [String(repeating: "r", count: 256)])
                .nprofile()
        }
    }

    @Test func unknownNprofileTypesIgnored() throws {
        let tlv: [UInt8] = [0, 32] + [UInt8](repeating: 9, count: 32) + [3, 4, 0, 0, 0, 1] + [1, 2, 0x61, 0x62]
        let profile = try NostrProfile(nip19: try Bech32.encode(hrp: "nprofile", bytes: tlv, variant: .bech32))
        #expect(profile.relays == ["ab"])
    }
}
