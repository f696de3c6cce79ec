// Engine tests: a token larger than one request is received in several swaps (NUT-03 under NUT-06
// `max_array_length`), each journaled before the first leaves, with one history line, and recovered like any swap.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: receive split into several swaps")
struct WalletSplitReceiveEngineTests {
    /// A wallet at a mint that takes at most 4 items per array, and a token of ten 1-sat proofs there (split 4, 3, 3).
    private func limited(inputFeePPK: UInt64 = 0) async throws -> (EngineHarness, Token) {
        let mint = ScriptedMint(inputFeePPK: inputFeePPK)
        mint.maxArrayLength = 4
        let harness = try await EngineHarness.make(mint: mint)
        return (harness, mint.token(amounts: Array(repeating: 1, count: 10), memo: "ten"))
    }

    private func receiveLines(_ harness: EngineHarness) async throws -> [HistoryEntry] {
        try await harness.wallet.history().filter { $0.kind == .receive }
    }

    @Test("ten proofs through a limit of four: three swaps, every sat, one history line")
    func splitReceive() async throws {
        let (harness, token) = try await limited()
        let result = try await harness.wallet.receive(token: token)
        #expect(result.amount == 10 && result.fee == 0)
        #expect(result.operationIDs.count == 3)
        #expect(harness.mint.count(.swap) == 3)
        #expect(try await harness.balance() == 10)
        let lines = try await receiveLines(harness)
        #expect(lines.count == 1)
        #expect(lines.first?.id == result.operationIDs.first)
        #expect(lines.first?.amount == 10 && lines.first?.state == .done && lines.first?.memo == "ten")
        await #expect(try harness.openOperations().isEmpty)
    }

    @Test("each swap pays its own input fee; the line shows their sum")
    func feesPerSwap() async throws {
        let (harness, token) = try await limited(inputFeePPK: 100)
        let result = try await harness.wallet.receive(token: token)
        // ceil(400/1000) + ceil(300/1000) + ceil(300/1000)
        #expect(result.fee == 3 && result.amount == 7)
        #expect(try await harness.balance() == 7)
        let line = try #require(try await receiveLines(harness).first)
        #expect(line.amount == 7 && line.fee == 3 && line.state == .done)
    }

    @Test("the first swap cannot reach the mint: nothing sent after it, nothing open, the token still good")
    func firstPartUnreachable() async throws {
        let (harness, token) = try await limited()
        harness.mint.script(.swap, .unreachable)
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .mintUnreachable)
        #expect(harness.mint.count(.swap) == 1)
        await #expect(try harness.openOperations().isEmpty)
        let line = try #require(try await receiveLines(harness).first)
        #expect(line.state == .failed && line.amount == 0 && line.fee == 0)
        #expect(try await harness.wallet.receive(token: token).amount == 10)
    }

    @Test("the second swap's answer is lost: pending under the first part's id, the third still sent; recovery ends it")
    func laterPartLost() async throws {
        let (harness, token) = try await limited()
        harness.mint.script(.swap, .hold({}), .lostAnswer())
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .pending)
        #expect(error?.reason.contains("received 7 of 10") == true)
        #expect(harness.mint.count(.swap) == 3)
        #expect(try await harness.balance() == 7)
        let pending = try await harness.history(error?.operationID)
        #expect(pending?.state == .pending && pending?.amount == 10)
        #expect(try await harness.openOperations().count == 1)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 10)
        let done = try await harness.history(error?.operationID)
        #expect(done?.state == .done && done?.amount == 10)
        #expect(try await receiveLines(harness).count == 1)
    }

    @Test("every part journaled before the first request: a pass that finds them open sends them")
    func journaledPartsRecovered() async throws {
        let (harness, token) = try await limited()
        // The 2nd and 3rd parts time out before the mint acts: open, unsent as far as the mint knows.
        harness.mint.script(.swap, .hold({}), .timeout, .timeout)
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .pending)
        #expect(try await harness.openOperations().count == 2)
        let sibling = try await harness.sibling()
        _ = await sibling.recover()
        #expect(try await harness.balance() == 10)
        await #expect(try harness.openOperations().isEmpty)
        #expect(try await harness.history(error?.operationID)?.state == .done)
    }

    @Test("one part spent elsewhere: the rest arrive, the line shows what did, the error says so")
    func partSpentElsewhere() async throws {
        let (harness, token) = try await limited()
        harness.mint.spend(try EngineHarness.Ys(Array(token.proofs[4..<7])))
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .alreadySpent)
        #expect(error?.reason.contains("received 7 of 10 in 2 of 3 swaps") == true)
        #expect(try await harness.balance() == 7)
        let line = try #require(try await receiveLines(harness).first)
        #expect(line.state == .done && line.amount == 7)
        await #expect(try harness.openOperations().isEmpty)
    }

    @Test("a later part refused with its proofs unspent stays open (they exist nowhere else); recovery receives it")
    func laterPartRefusedStaysOpen() async throws {
        let (harness, token) = try await limited()
        harness.mint.script(.swap, .hold({}), .refuse(code: 0))
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .pending)
        #expect(error?.reason.contains("received 7 of 10") == true)
        #expect(try await harness.openOperations().count == 1)
        #expect(try await harness.history(error?.operationID)?.state == .pending)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 10)
        #expect(try await harness.history(error?.operationID)?.state == .done)
    }

    @Test("a token partly received before is received again: the parts already swapped fail, the rest arrive")
    func partlyReceivedTokenAgain() async throws {
        let (harness, token) = try await limited()
        // The first four proofs (the first part) were swapped already, here or elsewhere.
        harness.mint.spend(try EngineHarness.Ys(Array(token.proofs[0..<4])))
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .alreadySpent)
        #expect(error?.reason.contains("received 6 of 10 in 2 of 3 swaps") == true)
        #expect(try await harness.balance() == 6)
        await #expect(try harness.openOperations().isEmpty)
        #expect(try await harness.history(error?.operationID)?.amount == 6)
    }

    @Test("a token within the limit is still one swap with its own line")
    func withinTheLimit() async throws {
        let (harness, _) = try await limited()
        let result = try await harness.wallet.receive(token: harness.mint.token(amounts: [1, 2, 4, 8]))
        #expect(result.operationIDs.count == 1 && result.amount == 15)
        let operation = try #require(try await harness.operation(result.operationIDs.first))
        #expect(operation.state == .done)
    }

    @Test("a part worth no more than its fee is refused before anything is journaled")
    func partBelowItsFee() async throws {
        let mint = ScriptedMint(inputFeePPK: 1000)
        mint.maxArrayLength = 4
        let harness = try await EngineHarness.make(mint: mint)
        let token = mint.token(amounts: [64, 1, 1, 1, 1, 1, 1, 1])
        let error = await harness.error { try await harness.wallet.receive(token: token) }
        #expect(error?.code == .invalidInput)
        #expect(error?.reason.contains("a part of the token") == true)
        #expect(harness.mint.count(.swap) == 0)
        #expect(try await harness.wallet.history().isEmpty)
    }
}
