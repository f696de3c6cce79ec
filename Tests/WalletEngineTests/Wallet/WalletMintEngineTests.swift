// Engine tests: minting (NUT-04) against a scripted mint — every way the request can end, and recovery of each.

import CashuEngineTestSupport
import Foundation
@testable import CashuEngine
import Testing

@Suite("Wallet engine: mint")
struct WalletMintEngineTests {
    /// A funded-nothing harness and a paid quote for `amount`.
    private func paidQuote(_ amount: UInt64 = 64) async throws -> (EngineHarness, StoredMintQuote) {
        let harness = try await EngineHarness.make()
        let quote = try await harness.wallet.requestMintQuote(amount: amount, mint: harness.mint.url)
        harness.mint.payMintQuote(quote.id)
        return (harness, quote)
    }

    @Test("a paid quote mints its amount in one request")
    func mintsOnce() async throws {
        let (harness, quote) = try await paidQuote()
        let result = try await harness.wallet.mint(quoteID: quote.id)
        #expect(result.amount == 64)
        #expect(try await harness.balance() == 64)
        #expect(harness.mint.count(.mint) == 1)
        #expect(try await harness.history(result.id)?.state == .done)
    }

    @Test("a lost answer is pending with the operation's id; recovery gets the signatures back by NUT-09")
    func lostAnswerRecovered() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.script(.mint, .lostAnswer())
        let error = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        #expect(error?.code == .pending)
        await #expect(try harness.operation(error?.operationID)?.state.isUnfinished == true)
        #expect(try await harness.balance() == 0)
        let report = await harness.wallet.recover()
        #expect(report.resolved == [error?.operationID].compactMap { $0 })
        #expect(try await harness.balance() == 64)
        #expect(harness.mint.count(.restore) == 1)
    }

    @Test("calling mint again after a lost answer resumes the same operation instead of minting twice")
    func mintAgainResumes() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.script(.mint, .lostAnswer())
        let first = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        let second = try await harness.wallet.mint(quoteID: quote.id)
        #expect(second.id == first?.operationID)
        #expect(try await harness.balance() == 64)
    }

    @Test("a timeout before the mint acted is pending; recovery sends the same request and settles")
    func timeoutResent() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.script(.mint, .timeout)
        #expect(await harness.error { try await harness.wallet.mint(quoteID: quote.id) }?.code == .pending)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 64)
        #expect(harness.mint.count(.mint) == 2)
    }

    @Test("an unreachable mint on the first attempt fails for good; the quote can be minted later")
    func unreachableFails() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.script(.mint, .unreachable)
        let error = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        #expect(error?.code == .mintUnreachable)
        #expect(error?.operationID == nil)
        await #expect(try harness.openOperations().isEmpty)
        #expect(try await harness.wallet.mint(quoteID: quote.id).amount == 64)
    }

    @Test("an unpaid quote is refused for good, nothing left open")
    func unpaidRefused() async throws {
        let harness = try await EngineHarness.make()
        harness.mint.autoPayMintQuotes = false
        let quote = try await harness.wallet.requestMintQuote(amount: 8, mint: harness.mint.url)
        let error = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        #expect(error?.mintError?.known == .quoteNotPaid)
        await #expect(try harness.openOperations().isEmpty)
        #expect(harness.mint.count(.restore) == 0)
    }

    @Test("a refusal after the mint signed (code 0) is settled from NUT-09, not reported as refused")
    func refusalAfterSigningSettles() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.script(.mint, .processThenRefuse(code: 0))
        #expect(try await harness.wallet.mint(quoteID: quote.id).amount == 64)
        #expect(try await harness.balance() == 64)
    }

    @Test("a refusal (code 0) the mint did not act on: NUT-09 finds nothing, the refusal stands, closed")
    func refusalWithoutSigningFails() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.script(.mint, .refuse(code: 0))
        let error = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        #expect(error?.code == .mintRefused)
        await #expect(try harness.openOperations().isEmpty)
        #expect(try await harness.wallet.mint(quoteID: quote.id).amount == 64)
    }

    @Test("a refused mint whose NUT-09 check is refused too stays pending; recovery mints it all")
    func refusedWriteAndRead() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.script(.mint, .processThenRefuse(code: 0))
        harness.mint.script(.restore, .refuse(code: 0))
        let error = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        #expect(error?.code == .pending)
        #expect(error?.operationID != nil)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 64)
    }

    @Test("already issued, and not to our outputs: closed, the quote's state is the answer")
    func issuedElsewhere() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.script(.mint, .refuse(code: MintError.KnownCode.quoteAlreadyIssued.rawValue))
        let error = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        #expect(error?.code == .quoteState)
        await #expect(try harness.openOperations().isEmpty)
    }

    @Test("tampered signatures are rejected, the operation stays open; recovery restores the real ones")
    func tamperedRecovered() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.script(.mint, .tamper { signatures in signatures.reverse() })
        let error = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        #expect(error?.code == .invalidMintResponse)
        #expect(try await harness.balance() == 0)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 64)
    }

    @Test("an HTTP 500 before the mint acted is pending; recovery resends")
    func httpStatusResent() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.script(.mint, .httpStatus(500))
        #expect(await harness.error { try await harness.wallet.mint(quoteID: quote.id) }?.code == .pending)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 64)
    }

    @Test("an unreachable replay leaves it open; the next recovery settles it")
    func unreachableReplayStaysOpen() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.script(.mint, .lostAnswer(), .unreachable)
        _ = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        let report = await harness.wallet.recover()
        #expect(report.unresolved.first?.1.code == .mintUnreachable)
        await #expect(try harness.openOperations().count == 1)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 64)
    }

    @Test("a paid quote is found and minted by mintPaidQuotes")
    func mintPaidQuotes() async throws {
        let harness = try await EngineHarness.make()
        _ = try await harness.wallet.requestMintQuote(amount: 16, mint: harness.mint.url)
        _ = try await harness.wallet.requestMintQuote(amount: 4, mint: harness.mint.url)
        harness.mint.payAllMintQuotes()
        let results = try await harness.wallet.mintPaidQuotes()
        #expect(results.count == 2)
        #expect(try await harness.balance() == 20)
    }

    @Test("two concurrent mints of one quote journal one operation: one mints, the other is told it is under way")
    func concurrentMintsOfOneQuote() async throws {
        let (harness, quote) = try await paidQuote()
        let wallet = harness.wallet
        @Sendable func attempt() async -> WalletError? {
            do {
                _ = try await wallet.mint(quoteID: quote.id)
                return nil
            } catch { return error }
        }
        async let first = attempt()
        async let second = attempt()
        let errors = await [first, second].compactMap { $0 }
        #expect(errors.count == 1)
        #expect(errors.allSatisfy { [.pending, .quoteState].contains($0.code) })
        #expect(try await harness.balance() == 64)
        #expect(harness.mint.count(.mint) == 1)
        let history = try await harness.wallet.history().filter { $0.kind == .mint }
        #expect(history.count == 1)
    }

    // MARK: NUT-20 signatures

    @Test("a locked quote is signed over the hardened message, which the mint takes at once")
    func lockedQuoteSignsHardened() async throws {
        let (harness, quote) = try await paidQuote()
        #expect(quote.pubkey != nil)
        harness.mint.quoteSignatureSchemes = [.hardened]
        _ = try await harness.wallet.mint(quoteID: quote.id)
        #expect(harness.mint.count(.mint) == 1)
        #expect(try await harness.balance() == 64)
    }

    @Test("a mint that knows only the legacy message refuses the hardened one (20008) and gets the legacy one once")
    func legacyMintGetsTheLegacySignature() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.quoteSignatureSchemes = [.legacy]
        let result = try await harness.wallet.mint(quoteID: quote.id)
        #expect(result.amount == 64)
        #expect(harness.mint.count(.mint) == 2)
        #expect(try await harness.balance() == 64)
        #expect(try await harness.openOperations().isEmpty)
    }

    @Test("a signature refused over both messages fails after two requests and mints nothing")
    func bothRefusedFails() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.quoteSignatureSchemes = []
        let error = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        #expect(error?.mintError?.known == .mintSignatureInvalid)
        #expect(harness.mint.count(.mint) == 2)
        #expect(try await harness.openOperations().isEmpty)
    }

    @Test("the legacy request is journaled before it leaves: its answer lost, recovery resends it, not the hardened")
    func legacyResendIsJournaled() async throws {
        let (harness, quote) = try await paidQuote()
        harness.mint.quoteSignatureSchemes = [.legacy]
        harness.mint.script(.mint, .refuse(code: 20008), .lostAnswer())
        let error = await harness.error { try await harness.wallet.mint(quoteID: quote.id) }
        #expect(error?.code == .pending)
        let open = try #require(try await harness.operation(error?.operationID))
        let journal = try JSONDecoder().decode(MintJournal.self, from: Data(open.payload))
        #expect(journal.legacySignature == nil)
        let pubkey = try #require(quote.pubkey)
        let signature = try #require(journal.request.signature)
        #expect(
            MintQuoteSignature.isValid(
                signature: signature, quote: quote.id, outputs: journal.request.outputs, pubkey: pubkey,
                scheme: .legacy))
        let report = await harness.wallet.recover()
        #expect(report.resolved.count == 1)
        #expect(try await harness.balance() == 64)
    }
}
