// NIP-19 — `nsec` private keys: round trip, and what is refused.

import CashuEngine
import Testing

@testable import CashuNostr

@Suite("NIP-19 nsec")
struct NIP19Tests {
    @Test("a key pair survives nsec, in either case, and prints no secret")
    func roundTrip() throws {
        let keys = NostrKeyPair.random()
        let nsec = keys.exposedSecretNsec
        #expect(nsec.hasPrefix("nsec1"))
        #expect(try NostrKeyPair(nsec: nsec) == keys)
        #expect(try NostrKeyPair(nsec: nsec.uppercased()) == keys)
        #expect(!String(describing: keys).contains(nsec))
        #expect(!String(reflecting: keys).contains(keys.privateKey.exposedSecretHex))
    }

    @Test(
        "anything but an nsec holding a valid key is refused, without repeating the input",
        arguments: [
            "npub10elfcs4fr0l0r8af98jlmgdh9c8tcxjvz9qkw038js35mp4dma8qzvjptg",  // an npub
            "nsec1vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe6",  // checksum off by one
            "nsec1Vl029mgpspedva04g90vltkh6fvh240zqtv9k0t9af8935ke9laqsnlfe5",  // mixed case
            "nsec1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqs3j7x4p",  // a made-up checksum
            "",
        ])
    func refused(_ text: String) throws {
        do {
            _ = try NostrKeyPair(nsec: text)
            Issue.record("accepted \(text.prefix(8))…")
        } catch {
            #expect(error.code == .invalidKey)
            if text.count > 10 { #expect(!error.reason.contains(text.dropFirst(5))) }
        }
    }

    @Test("a zero key and one above the group order, validly encoded, are refused")
    func outOfRange() throws {
        let zero = [UInt8](repeating: 0, count: 32)
        let aboveOrder = [UInt8](repeating: 0xff, count: 32)
        let short = [UInt8](repeating: 1, count: 31)
        for bytes in [zero, aboveOrder, short] {
            let nsec = try Bech32.encode(hrp: "nsec", bytes: bytes, variant: .bech32)
            #expect(throws: NostrError.self) { try NostrKeyPair(nsec: nsec) }
        }
    }
}
