// Engine tests: minting several paid quotes in one NUT-29 request against a scripted mint — journaled and recovered
// as one mint operation, used by the refresh where the mint offers it.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: NUT-29 batch mint")
struct WalletBatchMintEngineTests {
    /// A wallet at a mint that batches (NUT-29), with paid quotes for `amounts`.
    private func paidQuotes(_ amounts: [UInt64], batching: Bool = true) async throws
        -> (EngineHarness, [StoredMintQuote])
    {
        let mint = ScriptedMint()
        if batching { mint.nuts.insert(29) }
        let harness = try await EngineHarness.make(mint: mint)
        var quotes: [StoredMintQuote] = []
        for amount in amounts {
            let quote = try await harness.wallet.requestMintQuote(amount: amount, mint: mint.url)
            mint.payMintQuote(quote.id)
            quotes.append(quote)
        }
        return (harness, quotes)
    }

    @Test("three paid quotes mint in one request: one operation, one history line, every quote issued")
    func batch() async throws {
        let (harness, quotes) = try await paidQuotes([8, 16, 40])
        let result = try await harness.wallet.mint(quoteIDs: quotes.map(\.id))
        #expect(result.amount == 64)
        #expect(harness.mint.count(.batchMint) == 1 && harness.mint.count(.mint) == 0)
        #expect(try await harness.balance() == 64)
        let lines = try await harness.wallet.history().filter { $0.kind == .mint }
        #expect(lines.count == 1 && lines.first?.amount == 64 && lines.first?.state == .done)
        for quote in quotes { #expect(harness.mint.mintQuoteState(quote.id) == .issued) }
        #expect(try await harness.wallet.mintQuotes().allSatisfy { $0.state == .issued })
    }

    @Test("NUT-20 locked quotes (the wallet locks its quotes) are signed over all outputs and minted together")
    func lockedBatch() async throws {
        let (harness, quotes) = try await paidQuotes([4, 4])
        #expect(quotes.allSatisfy { $0.pubkey != nil })
        #expect(try await harness.wallet.mint(quoteIDs: quotes.map(\.id)).amount == 8)
    }

    @Test("a lost answer leaves the batch pending; recovery restores its outputs (NUT-09) and issues every quote")
    func lostAnswerRecovered() async throws {
        let (harness, quotes) = try await paidQuotes([8, 8])
        harness.mint.script(.batchMint, .lostAnswer())
        let error = await harness.error { try await harness.wallet.mint(quoteIDs: quotes.map(\.id)) }
        #expect(error?.code == .pending)
        _ = await harness.wallet.recover()
        #expect(try await harness.balance() == 16)
        #expect(harness.mint.count(.restore) >= 1)
        #expect(try await harness.wallet.mintQuotes().allSatisfy { $0.state == .issued })
        await #expect(try harness.openOperations().isEmpty)
    }

    @Test("minting one quote of a pending batch resumes the batch instead of minting it twice")
    func singleResumesBatch() async throws {
        let (harness, quotes) = try await paidQuotes([8, 8])
        harness.mint.script(.batchMint, .lostAnswer())
        let error = await harness.error { try await harness.wallet.mint(quoteIDs: quotes.map(\.id)) }
        let resumed = try await harness.wallet.mint(quoteID: quotes[1].id)
        #expect(resumed.id == error?.operationID && resumed.amount == 16)
        #expect(harness.mint.count(.mint) == 0)
        #expect(try await harness.balance() == 16)
    }

    @Test("a batch the mint cannot reach is closed; the quotes still mint")
    func unreachable() async throws {
        let (harness, quotes) = try await paidQuotes([8, 8])
        harness.mint.script(.batchMint, .unreachable)
        let error = await harness.error { try await harness.wallet.mint(quoteIDs: quotes.map(\.id)) }
        #expect(error?.code == .mintUnreachable)
        await #expect(try harness.openOperations().isEmpty)
        #expect(try await harness.wallet.mint(quoteIDs: quotes.map(\.id)).amount == 16)
    }

    @Test("a mint without NUT-29: unsupported before anything is journaled")
    func notOffered() async throws {
        let (harness, quotes) = try await paidQuotes([8, 8], batching: false)
        let error = await harness.error { try await harness.wallet.mint(quoteIDs: quotes.map(\.id)) }
        #expect(error?.code == .unsupported)
        #expect(try await harness.wallet.history().isEmpty)
    }

    @Test("the refresh mints paid quotes in one batch where offered, one by one where not")
    func refreshBatches() async throws {
        let (batching, _) = try await paidQuotes([8, 16, 32])
        let minted = try await batching.wallet.mintPaidQuotes()
        #expect(minted.count == 1 && minted.first?.amount == 56)
        #expect(batching.mint.count(.batchMint) == 1)
        let (plain, _) = try await paidQuotes([8, 16], batching: false)
        #expect(try await plain.wallet.mintPaidQuotes().count == 2)
        #expect(plain.mint.count(.mint) == 2)
    }

    @Test("a batch the mint refuses for good falls back to one mint per quote in the refresh")
    func refusedBatchFallsBack() async throws {
        let (harness, _) = try await paidQuotes([8, 16])
        harness.mint.script(.batchMint, .refuse(code: MintError.KnownCode.maxBatchSizeExceeded.rawValue))
        let minted = try await harness.wallet.mintPaidQuotes()
        #expect(minted.count == 2)
        #expect(try await harness.balance() == 24)
    }

    @Test("quotes of one batch: repeated or already minted ones are refused")
    func invalidBatches() async throws {
        let (harness, quotes) = try await paidQuotes([8, 8])
        #expect(await harness.error { try await harness.wallet.mint(quoteIDs: [quotes[0].id, quotes[0].id]) }?.code
            == .invalidInput)
        _ = try await harness.wallet.mint(quoteID: quotes[0].id)
        let issued = await harness.error { try await harness.wallet.mint(quoteIDs: quotes.map(\.id)) }
        #expect(issued?.code == .quoteState)
    }
}
