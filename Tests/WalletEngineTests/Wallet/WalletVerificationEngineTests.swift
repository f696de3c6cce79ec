// Engine tests: received proofs and a mint's signatures go through the verification pipeline, with the wallet's own
// verifiers (WalletOptions.proofVerifiers / signatureVerifiers); a refusal loses nothing.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: verification pipeline")
struct WalletVerificationEngineTests {
    /// Refuses proofs (or signatures) worth `amount`: what a wallet might add (a policy, a blocklist).
    struct RefuseProofAmount: Verifier {
        let amount: UInt64
        var name: String { "no \(amount)" }
        func verify(_ items: ArraySlice<Proof>, in context: VerificationContext) throws(VerificationFailure) {
            if let index = items.firstIndex(where: { $0.amount == amount }) {
                throw failure(at: index, "is worth \(amount), which this wallet does not take")
            }
        }
    }

    /// Refuses every signature of a mint: a policy that has gone wrong.
    struct RefuseEverySignature: Verifier {
        var name: String { "refuse all" }
        var cost: VerifierCost { .perItem }
        func verify(_ items: ArraySlice<SignedOutput>, in context: VerificationContext) throws(VerificationFailure) {
            if let index = items.indices.first { throw failure(at: index, "is refused by this wallet's policy") }
        }
    }

    @Test("a token with one bad DLEQ among 200 proofs is refused before anything is journaled, naming the proof")
    func badDLEQInLargeToken() async throws {
        let harness = try await EngineHarness.make()
        var token = harness.mint.token(amounts: Array(repeating: 1, count: 200))
        var proofs = token.entries[0].proofs
        let dleq = try #require(proofs[137].dleq)
        proofs[137].dleq = ProofDLEQ(e: dleq.s, s: dleq.e, r: dleq.r)
        token.entries[0].proofs = proofs
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .invalidInput)
        #expect(error?.reason == "proof 138 of 200 carries a DLEQ proof that does not verify: not signed by this mint")
        #expect(harness.mint.count(.swap) == 0)
        await #expect(try harness.openOperations().isEmpty)
        #expect(try await harness.balance() == 0)
    }

    @Test("a verifier the wallet adds refuses a token before the mint is asked; without it the token is received")
    func userProofVerifier() async throws {
        var options = WalletOptions()
        options.proofVerifiers = [RefuseProofAmount(amount: 4)]
        let harness = try await EngineHarness.make(options: options)
        let token = harness.mint.token(amounts: [1, 2, 4, 8])
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .invalidInput)
        #expect(error?.reason == "proof 3 of 4 is worth 4, which this wallet does not take")
        #expect(harness.mint.count(.swap) == 0)
        #expect(try await harness.sibling().receive(token: token).amount == 15)
    }

    @Test("a signature verifier that refuses the mint's answer leaves the swap pending, nothing lost; recovery settles")
    func userSignatureVerifier() async throws {
        var options = WalletOptions()
        options.signatureVerifiers = [RefuseEverySignature()]
        let harness = try await EngineHarness.make(options: options)
        let token = harness.mint.token(amounts: [8, 4])
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .invalidMintResponse)
        #expect(error?.reason.contains("is refused by this wallet's policy") == true)
        #expect(try await harness.openOperations().count == 1)
        #expect(try await harness.balance() == 0)
        // Another process without that policy finishes the swap from the journal: every sat arrives.
        let sibling = try await harness.sibling()
        _ = await sibling.recover()
        #expect(try await sibling.balance() == 12)
        await #expect(try harness.openOperations().isEmpty)
    }
}
