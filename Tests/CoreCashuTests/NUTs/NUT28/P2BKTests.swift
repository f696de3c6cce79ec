// Tests for Sources/CashuEngine/NUTs/NUT28/: P2BK sender/receiver round trips, parity, slots and bad input.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-28 pay-to-blinded-key")
struct P2BKTests {
    static let e = "1cedb9df0c6872188b560ace9e35fd55c2532d53e19ae65b46159073886482ca"
    static let p = "ad37e8abd800be3e8272b14045873f4353327eedeb702b72ddcc5c5adff5129c"

    @Test("receiver recovers a signing key for every slot of a random lock", arguments: 0..<8)
    func roundTrip(_ round: Int) throws {
        let receivers = (0..<3).map { _ in P2BKReceiver(privateKey: .random()) }
        // Slots: receiver 0 in data, receiver 1 twice (a pubkey and a refund key), receiver 2 once, strangers between.
        let owners: [Int?] = [0, nil, 1, 2, nil, 1]
        let keys = owners.map { $0.map { receivers[$0].privateKey.publicKey } ?? Scalar.random().publicKey }
        let sender = P2BKEphemeralKey()
        let blinded = try sender.blind(keys)
        #expect(Set(blinded).count == blinded.count)
        #expect(zip(blinded, keys).allSatisfy { $0 != $1 })
        for (index, receiver) in receivers.enumerated() {
            let found = try receiver.signingKeys(for: blinded, ephemeralKey: sender.publicKey)
            let expectedSlots = Set(owners.indices.filter { owners[$0] == index })
            #expect(Set(found.keys) == expectedSlots)
            for (slot, k) in found {
                #expect(k.publicKey == blinded[slot])
                let message = [UInt8](repeating: UInt8(round), count: 32)
                let signature = try Schnorr.sign(message: message, key: k)
                #expect(Schnorr.verify(signature: signature, message: message, publicKey: blinded[slot]))
            }
        }
    }

    @Test("an x-only receiver key gets 02 and the negated key signs when p·G has odd y")
    func xOnlyLift() throws {
        let p = try Scalar(hex: Self.p)
        #expect(!p.publicKey.hasEvenY)
        let lifted = try P2BK.receiverKey(hex: Hex.encode(p.publicKey.xOnly))
        #expect(lifted.hasEvenY)
        let sender = P2BKEphemeralKey(privateKey: try Scalar(hex: Self.e))
        let blinded = try sender.blind(lifted, slot: 3)
        let receiver = P2BKReceiver(privateKey: p)
        let k = try #require(try receiver.signingKey(for: blinded, slot: 3, ephemeralKey: sender.publicKey))
        #expect(k.publicKey == blinded)
        // Blinding the natural (odd) key instead uses the standard derivation.
        let natural = try sender.blind(p.publicKey, slot: 3)
        let k2 = try #require(try receiver.signingKey(for: natural, slot: 3, ephemeralKey: sender.publicKey))
        #expect(k2.publicKey == natural)
        #expect(k2 != k)
    }

    @Test("a key in the wrong slot or with the wrong E is not claimed")
    func mismatch() throws {
        let receiver = P2BKReceiver(privateKey: .random())
        let sender = P2BKEphemeralKey()
        let blinded = try sender.blind(receiver.privateKey.publicKey, slot: 2)
        #expect(try receiver.signingKey(for: blinded, slot: 1, ephemeralKey: sender.publicKey) == nil)
        #expect(try receiver.signingKey(for: blinded, slot: 2, ephemeralKey: Scalar.random().publicKey) == nil)
        let stranger = P2BKReceiver(privateKey: .random())
        #expect(try stranger.signingKey(for: blinded, slot: 2, ephemeralKey: sender.publicKey) == nil)
        #expect(try receiver.signingKey(for: blinded, slot: 2, ephemeralKey: sender.publicKey) != nil)
    }

    @Test("slots outside 0...10 and locks of more than 11 keys are refused")
    func slots() throws {
        let sender = P2BKEphemeralKey()
        let key = Scalar.random().publicKey
        for slot in [-1, 11, 255, Int.max] {
            #expect(throws: CryptoError.self) { try sender.blind(key, slot: slot) }
            #expect(throws: CryptoError.self) {
                try P2BKReceiver(privateKey: .random()).signingKey(for: key, slot: slot, ephemeralKey: key)
            }
        }
        #expect(try sender.blind(Array(repeating: key, count: 11)).count == 11)
        do {
            _ = try sender.blind(Array(repeating: key, count: 12))
            Issue.record("12 keys accepted")
        } catch {
            #expect(error.code == .p2bkInvalidSlot)
        }
        #expect(throws: CryptoError.self) {
            try P2BKReceiver(privateKey: .random())
                .signingKeys(for: Array(repeating: key, count: 12), ephemeralKey: key)
        }
    }

    @Test("receiver keys parse as 33-byte or x-only hex, nothing else", arguments: [
        "", "02", "zz", String(repeating: "0", count: 64), "04" + String(repeating: "11", count: 32),
        "05771fed6cb88aaac38b8b32104a942bf4b8f4696bc361171b3c7d06fa2ebddf06",
    ])
    func badReceiverKey(_ hex: String) {
        #expect(throws: CryptoError.self) { try P2BK.receiverKey(hex: hex) }
    }

    @Test("a tweak digest is used only in 1..<n, without reduction")
    func tweakRange() throws {
        let n = Scalar.order
        var nMinusOne = n
        nMinusOne[31] -= 1
        #expect(P2BK.scalarIfInRange(SecureBytes(count: 32)) == nil)
        #expect(P2BK.scalarIfInRange(SecureBytes(n)) == nil)
        #expect(P2BK.scalarIfInRange(SecureBytes([UInt8](repeating: 0xff, count: 32))) == nil)
        #expect(P2BK.scalarIfInRange(SecureBytes(nMinusOne))?.exposedSecretBytes == nMinusOne)
        let zx = SecureBytes(count: 32)
        #expect(try P2BK.blindingScalar(sharedSecret: zx, slot: 1) != P2BK.blindingScalar(sharedSecret: zx, slot: 0))
    }

    @Test("ephemeral and receiver keys print redacted")
    func redaction() throws {
        let sender = P2BKEphemeralKey(privateKey: try Scalar(hex: Self.e))
        #expect(!String(describing: sender).contains(Self.e))
        #expect(!String(reflecting: sender).contains(Self.e))
        #expect(!String(reflecting: P2BKReceiver(privateKey: try Scalar(hex: Self.p))).contains(Self.p))
    }
}
