// Wallet saga: a transfer between mints — melt at one, mint at the other — decided step by step from what the store
// and the mints say (docs/architecture.md, "Transfers"). Decisions only.

/// The decisions of a transfer. Its melt and its mint are operations of their own, each with its own saga and
/// recovery; the transfer only decides which of them comes next, from facts read afresh before every step, so a
/// transfer resumed after a crash takes the same path as one that never stopped.
enum TransferSaga {
    /// A step the executor performs at most once per pass (so a pass always ends).
    enum Attempt: Hashable, Sendable {
        case melt
        case checkMintQuote
        case mint
        /// The destination's quote read again after a mint that did not finish (B may say it was issued).
        case recheckMintQuote
    }

    /// What the executor knows before a step.
    struct Facts: Sendable {
        /// The melt quote's state in the store (`nil`: the store has no such quote).
        var meltQuote: MeltQuoteState?
        /// Whether the melt quote's expiry has passed.
        var meltQuoteExpired: Bool
        /// Whether a melt of the quote is journaled and open.
        var meltOpen: Bool
        /// Whether the melt the transfer recorded (``TransferJournal/meltOperationID``) was ever journaled.
        var meltJournaled: Bool
        /// The mint quote's state in the store.
        var mintQuote: MintQuoteState?
        /// Whether the mint quote's invoice expiry has passed.
        var mintQuoteExpired: Bool
        /// Whether a mint of the quote is journaled and open.
        var mintOpen: Bool
        /// What this pass already did.
        var tried: Set<Attempt>
        /// The last error a step of this pass met.
        var lastError: WalletError?
    }

    /// The next step.
    enum Action: Hashable, Sendable {
        /// Pay the destination's invoice: record the melt's id and `melting`, then melt.
        case melt
        /// Ask the destination mint whether its invoice is paid.
        case checkMintQuote
        /// Read the destination's quote again after a mint that did not finish (once per pass, no waiting).
        case recheckMintQuote
        /// Mint the paid quote at the destination (resuming a journaled attempt).
        case mint
        /// The sats arrived: close the transfer as done.
        case done
        /// Not decided yet: the transfer stays open, and recovery continues it.
        case wait(String)
        /// Nothing moved and nothing will: close the transfer as failed.
        case fail(String)
    }

    /// The next step of the transfer `journal` describes.
    static func next(_ journal: TransferJournal, _ facts: Facts) -> Action {
        // An open mint first: a quote the refresh saw ISSUED while our own mint's answer was lost is not done until
        // that mint settles (its proofs are the arrival).
        if facts.mintOpen {
            return .wait(reason("minting at \(journal.to) is not settled yet", facts))
        }
        if facts.mintQuote == .issued { return .done }
        if facts.meltOpen {
            return .wait(reason("the payment from \(journal.from) is in flight", facts))
        }
        switch facts.meltQuote {
        case .paid:
            // Paid: from here the transfer never fails; the sats wait at the destination until minted.
            if facts.mintQuote == .paid {
                guard facts.tried.contains(.mint) else { return .mint }
                // The mint was refused or lost: B's own word on the quote decides (issued ends it).
                return facts.tried.contains(.recheckMintQuote)
                    ? .wait(reason("minting at \(journal.to) did not finish", facts)) : .recheckMintQuote
            }
            return facts.tried.contains(.checkMintQuote)
                ? .wait(reason("\(journal.to) has not seen the payment yet", facts)) : .checkMintQuote
        case .unpaid:
            switch journal.stage {
            case .quoted:
                if facts.meltQuoteExpired || facts.mintQuoteExpired {
                    return .fail("the quotes expired before the payment started; nothing moved")
                }
                return facts.tried.contains(.melt) ? .fail(reason("the payment did not start", facts)) : .melt
            case .melting:
                // Stopped before its melt was journaled (a crash, or a swap making exact proofs first): nothing
                // left; start it again while the quotes hold, once per pass.
                if !facts.meltJournaled && !(facts.meltQuoteExpired || facts.mintQuoteExpired) {
                    guard facts.tried.contains(.melt) else { return .melt }
                    // This pass's attempt stopped before journaling on something that may pass (the swap for exact
                    // proofs unsettled, the mint unreachable): recovery tries again while the quotes hold.
                    if let code = facts.lastError?.code, code == .pending || code == .mintUnreachable {
                        return .wait(reason("the payment could not start yet", facts))
                    }
                }
                // Journaled, not open and the quote unpaid: the mint refused it, or it never started this pass.
                return .fail(reason("the payment did not happen; nothing moved", facts))
            }
        case .pending, .unknown, nil:
            return .wait(reason("the payment from \(journal.from) is not settled yet", facts))
        }
    }

    private static func reason(_ text: String, _ facts: Facts) -> String {
        guard let error = facts.lastError else { return text }
        return "\(text) (\(error.reason))"
    }
}
