// Engine tests: restoring from the mnemonic (NUT-09, NUT-13) against a scripted mint.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: restore")
struct WalletRestoreEngineTests {
    let quick = WalletOptions(restoreBatchSize: 10, restoreGapLimit: 2)

    /// A funded wallet's mnemonic, and a new empty wallet opened with it.
    private func restored(amount: UInt64, spend: UInt64 = 0) async throws -> (EngineHarness, Wallet) {
        let harness = try await EngineHarness.make(amount: amount, options: quick)
        if spend > 0 {
            let sent = try await harness.wallet.send(amount: spend, mint: harness.mint.url)
            let friend = try await EngineHarness.make(mint: harness.mint)
            _ = try await friend.wallet.receive(token: sent.token)
        }
        let phrase = try await WalletSecrets.mnemonic(in: harness.secureStore, given: nil, mustExist: true).0
        let fresh = try await ScriptedWallet.open(mints: [harness.mint], options: quick, mnemonic: phrase)
        try await fresh.addMint(harness.mint.url)
        return (harness, fresh)
    }

    @Test("a new wallet with the same phrase gets the unspent proofs back")
    func restoresUnspent() async throws {
        let (_, fresh) = try await restored(amount: 50)
        let result = try await fresh.restore(mint: ScriptedMint.defaultURL)
        #expect(result.amount == 50)
        #expect(try await fresh.balance() == 50)
    }

    @Test("spent proofs are found but dropped")
    func dropsSpent() async throws {
        let (harness, fresh) = try await restored(amount: 50, spend: 20)
        let result = try await fresh.restore(mint: harness.mint.url)
        #expect(result.spentCount > 0)
        #expect(try await fresh.balance() == (try await harness.balance()))
    }

    @Test("after a restore, new outputs never reuse a counter the mint has signed")
    func countersRaised() async throws {
        let (harness, fresh) = try await restored(amount: 50)
        _ = try await fresh.restore(mint: harness.mint.url)
        try await ScriptedWallet.fund(fresh, at: harness.mint, amount: 8)
        #expect(try await fresh.balance() == 58)
    }

    @Test("restoring twice adds nothing the second time")
    func idempotent() async throws {
        let (harness, fresh) = try await restored(amount: 50)
        _ = try await fresh.restore(mint: harness.mint.url)
        let again = try await fresh.restore(mint: harness.mint.url)
        #expect(again.proofCount == 0)
        #expect(try await fresh.balance() == 50)
    }

    @Test("an empty wallet's restore stops after the gap limit of empty batches")
    func emptyStopsAtTheGap() async throws {
        let harness = try await EngineHarness.make(options: quick)
        let result = try await harness.wallet.restore(mint: harness.mint.url)
        #expect(result.amount == 0)
        #expect(harness.mint.count(.restore) == 2)
    }

    @Test("a restore the mint refuses fails with its error and adds nothing")
    func refusedRestore() async throws {
        let (harness, fresh) = try await restored(amount: 50)
        harness.mint.script(.restore, .refuse(code: 0))
        #expect(await harness.error { try await fresh.restore(mint: harness.mint.url) }?.code == .mintRefused)
        #expect(try await fresh.balance() == 0)
    }

    @Test("a signature whose DLEQ does not verify is skipped, the rest restored")
    func tamperedSkipped() async throws {
        let (harness, fresh) = try await restored(amount: 50)
        let forged = Point(generatorMultipliedBy: Scalar.random())
        harness.mint.script(.restore, .tamper { signatures in
            if !signatures.isEmpty { signatures[0].C_ = forged }
        })
        let result = try await fresh.restore(mint: harness.mint.url)
        #expect(result.rejectedCount == 1)
        #expect(result.proofCount > 0)
        #expect(result.amount < 50)
    }

    @Test("a bad signature in a batch of 100 (checked across cores first) costs only itself")
    func tamperedInLargeBatch() async throws {
        // Many small proofs (16 of each denomination), so one batch holds enough signatures to be split across cores.
        let options = WalletOptions(targetProofsPerDenomination: 16, restoreBatchSize: 100, restoreGapLimit: 1)
        let harness = try await EngineHarness.make(amount: 300, options: options)
        let phrase = try await WalletSecrets.mnemonic(in: harness.secureStore, given: nil, mustExist: true).0
        let fresh = try await ScriptedWallet.open(mints: [harness.mint], options: options, mnemonic: phrase)
        try await fresh.addMint(harness.mint.url)
        let forged = Point(generatorMultipliedBy: Scalar.random())
        let tampered = Locked<UInt64?>(nil)
        harness.mint.script(.restore, .tamper { signatures in
            guard signatures.count >= 48 else { return }
            let index = signatures.count / 2
            signatures[index].C_ = forged
            tampered.withLock { $0 = signatures[index].amount }
        })
        let result = try await fresh.restore(mint: harness.mint.url)
        let lost = try #require(tampered.withLock { $0 })
        #expect(result.rejectedCount == 1)
        #expect(result.amount == 300 - lost)
    }
}
