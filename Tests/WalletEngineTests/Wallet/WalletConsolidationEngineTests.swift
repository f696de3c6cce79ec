// Engine tests: a send or melt that needs more inputs than the mint takes in one request (NUT-06
// `max_array_length`) merges small proofs first, each merge an ordinary swap.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: consolidation before a send or melt")
struct WalletConsolidationEngineTests {
    /// A wallet holding `count` one-sat proofs at a mint that takes at most 4 items per array.
    private func holdingOnes(_ count: Int) async throws -> EngineHarness {
        let mint = ScriptedMint()
        mint.maxArrayLength = 4
        let harness = try await EngineHarness.make(mint: mint)
        let proofs = try mint.token(amounts: Array(repeating: 1, count: count)).proofs.map { proof in
            try StoredProof(proof: proof, mintURL: mint.url, unit: .sat)
        }
        _ = try await harness.store.write { tx in try tx.addProofs(proofs) }
        harness.mint.clearRequests()
        return harness
    }

    @Test("a send of 10 from twenty 1-sat proofs at a limit of 4 merges twice, then sends")
    func sendConsolidates() async throws {
        let harness = try await holdingOnes(20)
        let sent = try await harness.wallet.send(
            amount: 10, mint: harness.mint.url, options: SendOptions(preferOffline: false))
        #expect(try sent.token.totalAmount() == 10)
        #expect(harness.mint.count(.swap) == 3)
        #expect(try await harness.balance() == 10)
        await #expect(try harness.openOperations().isEmpty)
        let merges = try await harness.wallet.history().filter { $0.kind == .swap }
        #expect(merges.count == 2 && merges.allSatisfy { $0.state == .done })
    }

    @Test("a melt that needs more inputs than one request merges first and pays")
    func meltConsolidates() async throws {
        let harness = try await holdingOnes(20)
        let quote = try await harness.meltQuote(8)
        let result = try await harness.wallet.melt(quoteID: quote.id)
        #expect(result.state == .paid)
        #expect(try await harness.balance() + 8 + result.fee == 20)
    }

    @Test("not enough in the wallet: insufficient funds, nothing merged")
    func notEnough() async throws {
        let harness = try await holdingOnes(8)
        let error = await harness.error {
            try await harness.wallet.send(amount: 9, mint: harness.mint.url, options: SendOptions(preferOffline: false))
        }
        #expect(error?.code == .insufficientFunds)
        #expect(harness.mint.count(.swap) == 0)
        #expect(try await harness.balance() == 8)
    }

    @Test("a merge whose answer is lost stops the send as pending; recovery settles the merge")
    func mergeLost() async throws {
        let harness = try await holdingOnes(20)
        harness.mint.script(.swap, .lostAnswer())
        let swapping = SendOptions(preferOffline: false)
        let error = await harness.error {
            try await harness.wallet.send(amount: 10, mint: harness.mint.url, options: swapping)
        }
        #expect(error?.code == .pending)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 20)
        await #expect(try harness.openOperations().isEmpty)
    }
}
