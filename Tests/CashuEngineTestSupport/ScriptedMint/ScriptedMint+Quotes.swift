// Test support: a ScriptedMint's test hooks for quotes — paying mint quotes, invoices to melt, the Lightning backend.

import CashuEngine

extension ScriptedMint {
    /// Whether new mint quotes are `PAID` at creation (default `true`, like Nutshell's FakeWallet with BRR).
    package var autoPayMintQuotes: Bool {
        get { state.withLock { $0.autoPayMintQuotes } }
        set { state.withLock { $0.autoPayMintQuotes = newValue } }
    }

    /// Marks an `UNPAID` mint quote `PAID` (as if its invoice was paid); issued or unknown quotes are left alone.
    package func payMintQuote(_ id: String) {
        state.withLock { state in
            if state.mintQuotes[id]?.state == .unpaid { state.mintQuotes[id]?.state = .paid }
        }
    }

    /// Marks every `UNPAID` mint quote `PAID`.
    package func payAllMintQuotes() {
        state.withLock { state in
            for (id, quote) in state.mintQuotes where quote.state == .unpaid { state.mintQuotes[id]?.state = .paid }
        }
    }

    /// A mint quote's state, `nil` for an unknown quote.
    package func mintQuoteState(_ id: String) -> MintQuoteState? {
        state.withLock { $0.mintQuotes[id]?.state }
    }

    /// The ids of every mint quote.
    package var mintQuoteIDs: [String] { state.withLock { Array($0.mintQuotes.keys) } }

    /// A valid BOLT #11 invoice asking `amount` of the mint's unit (millisatoshis for `msat`, else satoshis), whose
    /// preimage the scripted mints know: paying it answers with a preimage matching its payment hash.
    package func makeInvoice(amount: UInt64) -> String {
        ScriptedMintState.invoice(amount: amount, unit: unit)
    }

    /// How melts are paid, for quotes without their own behaviour (default
    /// ``MeltBehaviour/pay(preimage:lightningFee:)``).
    package var meltBehaviour: MeltBehaviour {
        get { state.withLock { $0.meltBehaviour } }
        set { state.withLock { $0.meltBehaviour = newValue } }
    }

    /// How the melt of one quote is paid (overrides ``meltBehaviour``).
    package func setMeltBehaviour(_ behaviour: MeltBehaviour, quote: String) {
        state.withLock { $0.meltQuotes[quote]?.behaviour = behaviour }
    }

    /// Settles a melt left `PENDING` (``MeltBehaviour/pending``): `paid` spends its inputs, marks the quote `PAID`
    /// with the invoice's preimage and keeps its NUT-08 change for the quote-state answer (overpaid fees minus
    /// `lightningFee`); not paid puts its inputs back to `UNSPENT` and the quote to `UNPAID`.
    /// - Returns: `false` when the quote has no melt in flight.
    @discardableResult
    package func settlePendingMelt(quote: String, paid: Bool, lightningFee: UInt64 = 0) -> Bool {
        state.withLock { $0.settlePendingMelt(quote: quote, paid: paid, lightningFee: lightningFee) }
    }

    /// A melt quote's state, `nil` for an unknown quote.
    package func meltQuoteState(_ id: String) -> MeltQuoteState? {
        state.withLock { $0.meltQuotes[id]?.state }
    }

    /// The ids of every melt quote.
    package var meltQuoteIDs: [String] { state.withLock { Array($0.meltQuotes.keys) } }
}
