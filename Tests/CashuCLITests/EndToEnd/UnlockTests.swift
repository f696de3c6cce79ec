// End to end: `cashu unlock` and `cashu lock` on a wallet whose secrets are in a passphrase-encrypted file, with the
// real kernel keyring — commands run without the passphrase while unlocked, and need it again after `lock` or once
// the time given runs out.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu unlock and lock", .serialized, .timeLimit(.minutes(2)))
struct UnlockTests {
    static let passphrase = "correct horse battery staple"

    static func encryptedWallet() async throws -> CLIWallet {
        let wallet = CLIWallet(environment: ["CASHU_SECRET_STORE": "encrypted-file"])
        let created = try await wallet.run(
            "wallet", "init", "--json", environment: ["CASHU_PASSPHRASE": Self.passphrase])
        #expect(created.status == 0, "\(created)")
        return wallet
    }

    @Test("locked: 74 passphraseRequired; unlocked from stdin: commands run without it; lock: required again")
    func unlockThenLock() async throws {
        let wallet = try await Self.encryptedWallet()
        defer { wallet.remove() }
        try await wallet.run("balance", "--json").expectFailure(74, code: "secureStore", json: true)
        let wrong = try await wallet.run("unlock", stdin: "not the passphrase\n")
        wrong.expectFailure(65)
        let unlocked = try await wallet.json("unlock", "--for", "2m", stdin: Self.passphrase + "\n")
        #expect(unlocked.uint("expires") != nil, "\(unlocked)")
        #expect(try await wallet.json("balance").uint("total") == 0)
        #expect(try await wallet.json("lock")["wasUnlocked"] as? Bool == true)
        try await wallet.run("balance").expectFailure(74)
        #expect(try await wallet.json("lock")["wasUnlocked"] as? Bool == false)
    }

    @Test("the key is forgotten when --for runs out")
    func expires() async throws {
        let wallet = try await Self.encryptedWallet()
        defer { wallet.remove() }
        try await wallet.json("unlock", "--for", "2s", stdin: Self.passphrase + "\n")
        #expect(try await wallet.run("balance").status == 0)
        try await Task.sleep(for: .milliseconds(3100))
        try await wallet.run("balance").expectFailure(74)
    }

    @Test("a wallet in the Secret Service or a plaintext file has nothing to unlock")
    func nothingToUnlock() async throws {
        let wallet = CLIWallet(environment: ["CASHU_SECRET_STORE": "plaintext-file"])
        defer { wallet.remove() }
        #expect(try await wallet.run("wallet", "init").status == 0)
        try await wallet.run("unlock", stdin: "whatever\n").expectFailure(65)
    }
}
