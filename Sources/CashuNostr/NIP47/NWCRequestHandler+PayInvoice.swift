// NIP-47 — Nostr Wallet Connect: `pay_invoice` — the amount read from the invoice, the budget reserved before paying
// and settled or released after, a payment that may still succeed never reported failed.

import CashuEngine

extension NWCRequestHandler {
    /// Pays an invoice for a connection.
    ///
    /// 1. The invoice is decoded (BOLT-11) for its amount and payment hash; the amount must be a whole number of sats
    ///    (``NWCAmount``), and a request's `amount` must match the invoice's (or stand in for an invoice without).
    /// 2. The same invoice paid before through this connection answers with its preimage again; one in flight is
    ///    refused (`OTHER`), never paid twice.
    /// 3. The wallet prepares the payment (a melt quote); amount + fee reserve, rounded up to a sat, is reserved in
    ///    the ledger if the budget has room (`QUOTA_EXCEEDED` otherwise, nothing paid).
    /// 4. Paid: the ledger keeps what it cost. Definitely failed: the reservation is released. Anything else, a
    ///    pending payment or an error that does not prove nothing was spent: the reservation stays and the client
    ///    is told the payment is in flight (`OTHER`, not `PAYMENT_FAILED`, which NIP-47 keeps for failures).
    func payInvoice(_ params: NWCPayInvoiceParams, exchange: Exchange, at now: Int64) async -> NWCResponse {
        let method = NWCMethod.payInvoice.rawValue
        let connection = exchange.connection
        guard let invoice = try? Bolt11Invoice(params.invoice) else {
            return .failure(method, .other, "the invoice is not a valid BOLT-11 invoice")
        }
        let amountMsat: UInt64
        switch (invoice.amountMillisatoshis, params.amount) {
        case (let asked?, let given?) where asked != given:
            return .failure(method, .other, "the amount \(given) msat is not the invoice's \(asked) msat")
        case (let asked?, _), (nil, let asked?):
            amountMsat = asked
        case (nil, nil):
            return .failure(method, .other, "the invoice has no amount and the request gives none")
        }
        guard amountMsat > 0 else { return .failure(method, .other, "the amount must be above zero") }
        guard let amountSats = NWCAmount.wholeSats(amountMsat) else {
            return .failure(method, .other, "this wallet pays whole sats only; \(amountMsat) msat is not")
        }
        guard now < Int64(clamping: invoice.expiresAt) else {
            return .failure(method, .paymentFailed, "the invoice has expired; nothing was paid")
        }
        let paymentHash = Hex.encode(invoice.paymentHash)

        // Before asking the wallet for a quote: an invoice already handled, or one the budget cannot take at all.
        let budget = connection.budget
        let seen: (remaining: UInt64?, existing: NWCSpend?)
        do {
            seen = try await store.updateLedger(connectionID: connection.id) { ledger in
                (ledger.remainingSats(budget, at: now), ledger.spend(paymentHash: paymentHash))
            }
        } catch {
            return .failure(method, .internal, "the wallet could not read the budget; nothing was paid")
        }
        if let existing = seen.existing { return Self.repeated(existing) }
        if let remaining = seen.remaining, amountSats > remaining {
            return Self.quotaExceeded(remaining: remaining, needed: amountSats)
        }

        let quote: NWCPaymentQuote
        do throws(NWCBackendError) {
            quote = try await backend.preparePayment(invoice: params.invoice, amountMsat: amountMsat)
        } catch {
            return .failure(method, error.code.responseCode, error.reason)
        }
        let (most, overflow) = max(quote.amountMsat, amountMsat).addingReportingOverflow(quote.feeReserveMsat)
        let reserveSats = overflow ? UInt64.max : NWCAmount.satsRoundingUp(most)
        let pruneBefore = pruneTime(for: budget, at: now)
        let reservation: NWCBudgetLedger.Reservation
        do {
            reservation = try await store.updateLedger(connectionID: connection.id) { ledger in
                ledger.prune(settledBefore: pruneBefore)
                return ledger.reserve(
                    paymentHash: paymentHash, requestID: exchange.request.id, sats: reserveSats, budget: budget,
                    at: now)
            }
        } catch {
            await backend.cancelPayment(quote)
            return .failure(method, .internal, "the wallet could not reserve the budget; nothing was paid")
        }
        switch reservation {
        case .reserved: break
        case .quotaExceeded(let remaining):
            await backend.cancelPayment(quote)
            return Self.quotaExceeded(remaining: remaining, needed: reserveSats)
        case .inFlight(let spend), .alreadyPaid(let spend):
            await backend.cancelPayment(quote)
            return Self.repeated(spend)
        }
        return await pay(quote, amountMsat: amountMsat, paymentHash: paymentHash, connectionID: connection.id)
    }

    /// Pays a reserved payment and settles, releases or keeps its reservation by what became of it.
    private func pay(
        _ quote: NWCPaymentQuote, amountMsat: UInt64, paymentHash: String, connectionID: String
    ) async -> NWCResponse {
        let method = NWCMethod.payInvoice.rawValue
        var outcome: NWCPaymentOutcome
        do throws(NWCBackendError) {
            outcome = try await backend.pay(quote)
            if outcome == .pending {
                outcome = try await backend.awaitPayment(quote, timeout: configuration.pendingPaymentWait)
            }
        } catch let error where error.code.provesNothingSpent {
            // A store failure here leaves the reservation counted: the budget errs on the side of spent.
            try? await store.updateLedger(connectionID: connectionID) { $0.release(paymentHash: paymentHash) }
            return .failure(method, error.code.responseCode, error.reason)
        } catch {
            return Self.inFlight(paymentHash)
        }
        switch outcome {
        case .pending:
            return Self.inFlight(paymentHash)
        case .paid(let preimage, let fees):
            let (cost, overflow) = amountMsat.addingReportingOverflow(fees)
            let spentSats = overflow ? UInt64.max : NWCAmount.satsRoundingUp(cost)
            // Paid is paid: a store failure only leaves the (larger) reservation counted.
            try? await store.updateLedger(connectionID: connectionID) { ledger in
                ledger.settle(paymentHash: paymentHash, spentSats: spentSats, preimage: preimage, feesPaidMsat: fees)
            }
            return .success(.payInvoice, .payment(NWCPayResult(preimage: preimage, feesPaid: fees)))
        }
    }

    /// Settled spends reserved before this time no longer count: the start of the budget's current period (never,
    /// for a budget that never renews), or without a budget the oldest request the service still takes.
    private func pruneTime(for budget: NWCBudget?, at now: Int64) -> Int64 {
        guard let budget else { return now - configuration.maxRequestAge }
        return budget.renewal.period(containing: now).start
    }

    /// The answer to an invoice this connection paid or is paying already.
    private static func repeated(_ spend: NWCSpend) -> NWCResponse {
        if spend.state == .settled, let preimage = spend.preimage {
            return .success(.payInvoice, .payment(NWCPayResult(preimage: preimage, feesPaid: spend.feesPaidMsat)))
        }
        return inFlight(spend.paymentHash)
    }

    /// The answer while a payment's outcome is not known: not `PAYMENT_FAILED`, which would invite paying again.
    private static func inFlight(_ paymentHash: String) -> NWCResponse {
        .failure(
            NWCMethod.payInvoice.rawValue, .other,
            "the payment is in flight and has not failed; its outcome is not known yet. Do not pay this invoice "
                + "again: lookup_invoice with payment_hash \(paymentHash) tells when it settles")
    }

    private static func quotaExceeded(remaining: UInt64, needed: UInt64) -> NWCResponse {
        .failure(
            NWCMethod.payInvoice.rawValue, .quotaExceeded,
            "the connection's budget has \(remaining) sat left; this payment needs up to \(needed) sat")
    }
}
