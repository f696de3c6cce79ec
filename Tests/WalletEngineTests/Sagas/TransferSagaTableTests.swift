// Engine tests: the transfer saga over every combination of the facts it decides from, and what it answers.

@testable import CashuEngine
import Testing

/// The transfer saga has no events to mistake: each step is decided afresh from facts (``TransferSaga/Facts``). Its
/// table is every combination of them, each answer checked against the rules that keep money safe.
@Suite("TransferSaga table")
struct TransferSagaTableTests {
    private static let from = try! MintURL("https://a.example")
    private static let to = try! MintURL("https://b.example")

    static let stages: [TransferJournal.Stage] = [.quoted, .melting]
    static let meltQuotes: [MeltQuoteState?] = [.unpaid, .pending, .paid, .unknown("LATER"), nil]
    static let mintQuotes: [MintQuoteState?] = [.unpaid, .paid, .issued, .unknown("LATER"), nil]
    static let attempts: [TransferSaga.Attempt] = [.melt, .checkMintQuote, .mint, .recheckMintQuote]
    static let lastErrors: [WalletError?] = [
        nil, WalletError(.pending, "swap unsettled"), WalletError(.mintUnreachable, "down"),
        WalletError(.insufficientFunds, "poor"),
    ]

    /// Every subset of the attempts a pass may have made.
    static var trieds: [Set<TransferSaga.Attempt>] {
        (0..<(1 << attempts.count)).map { bits in
            Set(attempts.indices.filter { bits & (1 << $0) != 0 }.map { attempts[$0] })
        }
    }

    /// Every combination of the facts for one stage and one melt quote state.
    static func facts(_ melt: MeltQuoteState?) -> [TransferSaga.Facts] {
        var all: [TransferSaga.Facts] = []
        let flags = [false, true]
        for mint in mintQuotes {
            for meltOpen in flags {
                for mintOpen in flags {
                    for meltJournaled in flags {
                        for meltExpired in flags {
                            for mintExpired in flags {
                                for tried in trieds {
                                    for lastError in lastErrors {
                                        all.append(
                                            TransferSaga.Facts(
                                                meltQuote: melt, meltQuoteExpired: meltExpired, meltOpen: meltOpen,
                                                meltJournaled: meltJournaled, mintQuote: mint,
                                                mintQuoteExpired: mintExpired, mintOpen: mintOpen, tried: tried,
                                                lastError: lastError))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return all
    }

    private func journal(_ stage: TransferJournal.Stage) -> TransferJournal {
        TransferJournal(
            from: Self.from, to: Self.to, unit: .sat, amount: 100, mintQuoteID: "mint-q", meltQuoteID: "melt-q",
            feeReserve: 2, stage: stage)
    }

    /// The attempt an action is, if it is one.
    private func attempt(_ action: TransferSaga.Action) -> TransferSaga.Attempt? {
        switch action {
        case .melt: .melt
        case .checkMintQuote: .checkMintQuote
        case .mint: .mint
        case .recheckMintQuote: .recheckMintQuote
        case .done, .wait, .fail: nil
        }
    }

    /// What a failed expectation names: the stage and the facts.
    private func note(_ stage: TransferJournal.Stage, _ facts: TransferSaga.Facts, _ action: TransferSaga.Action)
        -> Comment
    {
        "\(action) in stage \(stage) with \(facts)"
    }

    @Test("every combination of the facts: what it answers", arguments: stages, meltQuotes)
    func everyFactInEveryStage(_ stage: TransferJournal.Stage, _ melt: MeltQuoteState?) {
        let journal = journal(stage)
        for facts in Self.facts(melt) {
            let action = TransferSaga.next(journal, facts)
            let isWait = if case .wait = action { true } else { false }
            // A mint of ours still open comes first (its proofs are the arrival), then an issued destination quote
            // ends it, then a melt in flight waits.
            if facts.mintOpen || (facts.mintQuote != .issued && facts.meltOpen) {
                #expect(isWait, note(stage, facts, action))
                continue
            }
            // An issued destination quote ends it, and only that does.
            #expect((action == .done) == (facts.mintQuote == .issued), note(stage, facts, action))
            if facts.mintQuote == .issued { continue }
            // Each step at most once per pass, so a pass always ends.
            if let attempt = attempt(action) { #expect(!facts.tried.contains(attempt), note(stage, facts, action)) }
            let expired = facts.meltQuoteExpired || facts.mintQuoteExpired
            switch action {
            case .fail:
                // Only an unpaid source quote with no melt in flight ever fails: once paid it never does.
                #expect(facts.meltQuote == .unpaid, note(stage, facts, action))
            case .melt:
                #expect(facts.meltQuote == .unpaid && !expired, note(stage, facts, action))
                #expect(stage == .quoted || !facts.meltJournaled, note(stage, facts, action))
            case .mint:
                #expect(facts.meltQuote == .paid && facts.mintQuote == .paid, note(stage, facts, action))
            case .recheckMintQuote:
                #expect(facts.meltQuote == .paid && facts.mintQuote == .paid, note(stage, facts, action))
                #expect(facts.tried.contains(.mint), note(stage, facts, action))
            case .checkMintQuote:
                #expect(facts.meltQuote == .paid && facts.mintQuote != .paid, note(stage, facts, action))
            case .wait:
                // Waiting on an unpaid quote: only a payment of this pass that stopped, before it was journaled, on
                // something that may pass.
                if facts.meltQuote == .unpaid {
                    let passing = facts.lastError.map { $0.code == .pending || $0.code == .mintUnreachable } ?? false
                    #expect(
                        stage == .melting && !facts.meltJournaled && facts.tried.contains(.melt) && !expired
                            && passing,
                        note(stage, facts, action))
                }
            case .done:
                Issue.record(note(stage, facts, action))
            }
        }
    }
}
