// End to end: locks from the command line against a real mint — multisig with an extra key, HTLC with the
// preimage, blinded keys (P2BK), `cashu locks`, what `cashu decode` says, and a locked send taken back after its
// locktime with the wallet's own refund key.

import CashuTestSupport
import CoreCashu
import Crypto
import Foundation
import Testing

@Suite("cashu send and receive with locks", .timeLimit(.minutes(4)))
struct LockTests {
    @Test("2-of-2 multisig: the receiver's own key and one given with --key")
    func multisig() async throws {
        let mint = try await TestMint.shared
        let (alice, bob) = (CLIWallet(), CLIWallet())
        defer { alice.remove(); bob.remove() }
        try await alice.fund(200, at: mint.url)
        try await bob.json("mints", "add", mint.url.rawValue)
        let bobKey = try #require(try await bob.json("wallet", "pubkey").string("pubkey"))
        let carol = Scalar.random()
        let sent = try await alice.json(
            "send", "50", "--lock", bobKey, "--lock", carol.publicKey.hex, "--n-sigs", "2")
        let token = try #require(sent.string("token"))
        let decoded = try await alice.json("decode", token)
        let lock = try #require(decoded.array("locks")?.first)
        #expect(lock.uint("signatures") == 2)
        #expect(lock.string("spendableBy")?.contains("2 of") == true, "\(lock)")
        // Bob alone cannot: one signature of two.
        let alone = try await bob.run("receive", token)
        #expect(alone.status != 0, "\(alone)")
        let received = try await bob.json("receive", token, "--key", Hex.encode(carol.exposedSecretBytes))
        #expect((received.uint("amount") ?? 0) >= 48)
    }

    @Test("HTLC: the hash locks it, --preimage opens it")
    func htlc() async throws {
        let mint = try await TestMint.shared
        let (alice, bob) = (CLIWallet(), CLIWallet())
        defer { alice.remove(); bob.remove() }
        try await alice.fund(200, at: mint.url)
        try await bob.json("mints", "add", mint.url.rawValue)
        let preimage = [UInt8](repeating: 7, count: 32)
        let hash = Hex.encode(Array(SHA256.hash(data: preimage)))
        let token = try #require(try await alice.json("send", "30", "--hash", hash).string("token"))
        let decoded = try await alice.json("decode", token)
        #expect(decoded.array("locks")?.first?.string("hashLock") == hash)
        let locked = try await bob.run("receive", token)
        #expect(locked.status != 0, "\(locked)")
        let wrong = try await bob.run("receive", token, "--preimage", Hex.encode([UInt8](repeating: 8, count: 32)))
        #expect(wrong.status != 0, "\(wrong)")
        let received = try await bob.json("receive", token, "--preimage", Hex.encode(preimage))
        #expect((received.uint("amount") ?? 0) >= 28)
    }

    @Test("P2BK: the token names no key of the receiver's, and the receiver claims it; cashu locks lists the key")
    func blinded() async throws {
        let mint = try await TestMint.shared
        let (alice, bob) = (CLIWallet(), CLIWallet())
        defer { alice.remove(); bob.remove() }
        try await alice.fund(200, at: mint.url)
        try await bob.json("mints", "add", mint.url.rawValue)
        let fresh = try #require(try await bob.json("locks", "--new").string("new"))
        let listed = try await bob.json("locks")
        #expect((listed["keys"] as? [String])?.contains(fresh) == true, "\(listed)")
        let token = try #require(try await alice.json("send", "40", "--lock", fresh, "--p2bk").string("token"))
        #expect(!token.isEmpty)
        let decoded = try await alice.json("decode", token)
        #expect(decoded.array("locks")?.first?["blinded"] as? Bool == true)
        #expect((decoded.array("locks")?.first?["keys"] as? [String])?.contains(fresh) == false)
        let received = try await bob.json("receive", token)
        #expect((received.uint("amount") ?? 0) >= 38)
    }

    @Test("a locked send with a locktime: not reclaimable before it, taken back after it with the wallet's refund key")
    func reclaimAfterLocktime() async throws {
        let mint = try await TestMint.shared
        let alice = CLIWallet()
        defer { alice.remove() }
        try await alice.fund(200, at: mint.url)
        let stranger = Scalar.random().publicKey.hex
        // Long enough that the send, the decode and the first reclaim finish before it under a loaded test run (3 s
        // was not: the early reclaim went through).
        let sent = try await alice.json("send", "64", "--lock", stranger, "--locktime", "12s")
        let operation = try #require(sent.string("operation"))
        let decoded = try await alice.json("decode", try #require(sent.string("token")))
        let lock = try #require(decoded.array("locks")?.first)
        #expect((lock["refundKeys"] as? [String])?.count == 1, "the wallet's own refund key: \(lock)")
        #expect(lock.string("afterLocktime")?.contains("signature of") == true)
        let early = try await alice.run("pending", "--reclaim", operation)
        early.expectFailure(65)
        #expect(early.stderr.contains("until"), "\(early)")
        try await Task.sleep(for: .seconds(13))
        let reclaimed = try await alice.json("pending", "--reclaim", operation)
        #expect(reclaimed.array("reclaimed")?.count == 1, "\(reclaimed)")
        #expect(try await alice.balance() >= 195)
    }

    @Test("bad lock options are usage errors before the wallet is touched")
    func badOptions() async throws {
        let wallet = CLIWallet()
        defer { wallet.remove() }
        let key = Scalar.random().publicKey.hex
        for arguments in [
            ["send", "10", "--n-sigs", "2"], ["send", "10", "--lock", key, "--n-sigs", "2"],
            ["send", "10", "--lock", key, "--refund", key], ["send", "10", "--hash", "00", "--p2bk", "--lock", key],
        ] {
            let outcome = try await wallet.run(arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome)")
        }
        let past = try await wallet.run("send", "10", "--lock", key, "--locktime", "1000")
        #expect(past.status == 65 || past.status == 78, "\(past)")
    }
}
