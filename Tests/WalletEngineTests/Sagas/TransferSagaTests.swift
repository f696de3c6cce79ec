// Engine tests: every decision of the transfer saga (a melt at one mint paying a mint quote at another), without a
// mint.

@testable import CashuEngine
import Testing

@Suite("TransferSaga")
struct TransferSagaTests {
    private static let from = try! MintURL("https://a.example")
    private static let to = try! MintURL("https://b.example")

    private func journal(_ stage: TransferJournal.Stage = .quoted) -> TransferJournal {
        TransferJournal(
            from: Self.from, to: Self.to, unit: .sat, amount: 100, mintQuoteID: "mint-q", meltQuoteID: "melt-q",
            feeReserve: 2, stage: stage)
    }

    private func facts(
        melt: MeltQuoteState? = .unpaid, meltOpen: Bool = false, meltJournaled: Bool = true,
        meltExpired: Bool = false, mint: MintQuoteState? = .unpaid, mintOpen: Bool = false, mintExpired: Bool = false,
        tried: Set<TransferSaga.Attempt> = [], lastError: WalletError? = nil
    ) -> TransferSaga.Facts {
        TransferSaga.Facts(
            meltQuote: melt, meltQuoteExpired: meltExpired, meltOpen: meltOpen, meltJournaled: meltJournaled,
            mintQuote: mint, mintQuoteExpired: mintExpired, mintOpen: mintOpen, tried: tried, lastError: lastError)
    }

    private func isWait(_ action: TransferSaga.Action) -> Bool {
        if case .wait = action { return true }
        return false
    }

    private func isFail(_ action: TransferSaga.Action) -> Bool {
        if case .fail = action { return true }
        return false
    }

    @Test("a fresh transfer pays first")
    func startsWithTheMelt() {
        #expect(TransferSaga.next(journal(), facts()) == .melt)
    }

    @Test("quotes that expired before the payment started end it with nothing moved")
    func expiredQuotesFail() {
        #expect(isFail(TransferSaga.next(journal(), facts(meltExpired: true))))
        #expect(isFail(TransferSaga.next(journal(), facts(mintExpired: true))))
    }

    @Test("a payment started but not open while its quote is unpaid did not happen: failed, nothing moved")
    func startedUnpaidFails() {
        let error = WalletError(.mintRefused, "no route")
        guard case .fail(let reason) = TransferSaga.next(journal(.melting), facts(lastError: error)) else {
            Issue.record("expected fail")
            return
        }
        #expect(reason.contains("nothing moved") && reason.contains("no route"))
    }

    @Test("a payment started whose melt was never journaled (killed before it, or after a swap) starts again once")
    func startedNeverJournaledRestarts() {
        #expect(TransferSaga.next(journal(.melting), facts(meltJournaled: false)) == .melt)
        #expect(isFail(TransferSaga.next(journal(.melting), facts(meltJournaled: false, tried: [.melt]))))
        #expect(isFail(TransferSaga.next(journal(.melting), facts(meltJournaled: false, meltExpired: true))))
    }

    @Test("an open melt (in flight, or its answer lost) waits: recovery settles the melt first")
    func openMeltWaits() {
        #expect(isWait(TransferSaga.next(journal(.melting), facts(melt: .pending, meltOpen: true))))
        #expect(isWait(TransferSaga.next(journal(.melting), facts(melt: .unpaid, meltOpen: true))))
        #expect(isWait(TransferSaga.next(journal(.melting), facts(melt: .pending))))
    }

    @Test("paid at the source: mint a paid quote, or check the destination once first")
    func paidMints() {
        #expect(TransferSaga.next(journal(.melting), facts(melt: .paid, mint: .paid)) == .mint)
        #expect(TransferSaga.next(journal(.melting), facts(melt: .paid, mint: .unpaid)) == .checkMintQuote)
        let checked = facts(melt: .paid, mint: .unpaid, tried: [.melt, .checkMintQuote])
        #expect(isWait(TransferSaga.next(journal(.melting), checked)))
    }

    @Test("once paid it never fails: a refused mint waits for the next pass")
    func paidNeverFails() {
        let refused = WalletError(.mintRefused, "busy")
        // A refused or lost mint: B's own word on the quote first (it may say issued), then wait.
        let after = facts(melt: .paid, mint: .paid, tried: [.mint], lastError: refused)
        #expect(TransferSaga.next(journal(.melting), after) == .recheckMintQuote)
        let rechecked = facts(melt: .paid, mint: .paid, tried: [.mint, .recheckMintQuote], lastError: refused)
        #expect(isWait(TransferSaga.next(journal(.melting), rechecked)))
        #expect(isWait(TransferSaga.next(journal(.melting), facts(melt: .paid, mint: .paid, mintOpen: true))))
        // Even with expired quotes, which only matter before the payment.
        let expired = facts(melt: .paid, meltExpired: true, mint: .paid, mintExpired: true)
        #expect(TransferSaga.next(journal(.melting), expired) == .mint)
    }

    @Test("a mint of ours still open waits even when the quote reads ISSUED (its proofs are the arrival)")
    func openMintBeforeIssued() {
        #expect(isWait(TransferSaga.next(journal(.melting), facts(melt: .paid, mint: .issued, mintOpen: true))))
    }

    @Test("a payment that stopped before journaling on something passing waits; on a refusal it fails")
    func unjournaledMeltAfterAttempt() {
        let swapPending = facts(meltJournaled: false, tried: [.melt], lastError: WalletError(.pending, "swap"))
        #expect(isWait(TransferSaga.next(journal(.melting), swapPending)))
        let down = facts(meltJournaled: false, tried: [.melt], lastError: WalletError(.mintUnreachable, "down"))
        #expect(isWait(TransferSaga.next(journal(.melting), down)))
        let poor = facts(meltJournaled: false, tried: [.melt], lastError: WalletError(.insufficientFunds, "poor"))
        #expect(isFail(TransferSaga.next(journal(.melting), poor)))
    }

    @Test("an issued destination quote is done, whoever minted it (the refresh may have)")
    func issuedIsDone() {
        #expect(TransferSaga.next(journal(.melting), facts(melt: .paid, mint: .issued)) == .done)
        #expect(TransferSaga.next(journal(.melting), facts(melt: .pending, meltOpen: true, mint: .issued)) == .done)
    }

    @Test("a quote state this library does not know, or a missing quote, waits rather than guessing")
    func unknownWaits() {
        #expect(isWait(TransferSaga.next(journal(.melting), facts(melt: .unknown("LATER")))))
        #expect(isWait(TransferSaga.next(journal(.melting), facts(melt: nil))))
    }

    @Test("each step runs at most once per pass")
    func meltOnce() {
        #expect(isFail(TransferSaga.next(journal(.quoted), facts(tried: [.melt]))))
    }
}
