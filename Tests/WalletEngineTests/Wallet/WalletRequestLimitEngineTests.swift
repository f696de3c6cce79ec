// Engine tests: a mint's NUT-06 `max_array_length` (nuts#425) bounds every array the wallet sends it.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: request limits")
struct WalletRequestLimitEngineTests {
    /// A mint that takes at most `limit` items per array, known to a wallet funded with `amount`.
    private func limited(_ limit: Int, amount: UInt64) async throws -> EngineHarness {
        let mint = ScriptedMint()
        mint.maxArrayLength = limit
        let options = WalletOptions(targetProofsPerDenomination: 8, restoreBatchSize: 100, restoreGapLimit: 2)
        return try await EngineHarness.make(amount: amount, mint: mint, options: options)
    }

    @Test("the limit is read from the mint's info")
    func limitIsKnown() async throws {
        let harness = try await limited(8, amount: 0)
        #expect(try await harness.wallet.capabilities(of: harness.mint.url).maxArrayLength == 8)
        #expect(await harness.wallet.requestLimit(harness.mint.url) == 8)
    }

    @Test("minting, sending and checking stay within the limit; checkstate is split into as few requests as it allows")
    func checkstateIsSplit() async throws {
        let harness = try await limited(8, amount: 200)
        for _ in 0..<3 { try await ScriptedWallet.fund(harness.wallet, at: harness.mint, amount: 100) }
        let proofs = try await harness.wallet.proofs(mint: harness.mint.url)
        #expect(proofs.count > 8)
        _ = try await harness.wallet.send(
            amount: 37, mint: harness.mint.url, options: SendOptions(preferOffline: false))
        harness.mint.clearRequests()
        let all = try await harness.wallet.proofs(mint: harness.mint.url, statuses: [.unspent, .sent])
        let states = try await harness.wallet.proofStates(harness.mint.url, Ys: all.map(\.Y))
        #expect(states.count == all.count)
        #expect(harness.mint.count(.checkState) == (all.count + 7) / 8)
    }

    @Test("restore asks for at most the limit of outputs at a time and finds everything")
    func restoreWithinTheLimit() async throws {
        let harness = try await limited(8, amount: 100)
        for _ in 0..<3 { try await ScriptedWallet.fund(harness.wallet, at: harness.mint, amount: 100) }
        #expect(try await harness.wallet.proofs(mint: harness.mint.url).count > 8)
        let phrase = try await WalletSecrets.mnemonic(in: harness.secureStore, given: nil, mustExist: true).0
        let fresh = try await ScriptedWallet.open(
            mints: [harness.mint], options: WalletOptions(restoreBatchSize: 100, restoreGapLimit: 2), mnemonic: phrase)
        try await fresh.addMint(harness.mint.url)
        let result = try await fresh.restore(mint: harness.mint.url)
        #expect(result.amount == 400)
        #expect(try await fresh.balance() == 400)
    }
}
