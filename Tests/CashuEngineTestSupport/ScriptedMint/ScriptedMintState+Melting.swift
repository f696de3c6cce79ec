// Test support: a ScriptedMint's NUT-05 melt quotes and melts, its Lightning backend (MeltBehaviour) and NUT-08 change.

import CashuEngine
import Foundation

extension ScriptedMintState {
    /// NUT-05: a quote for paying a BOLT #11 invoice: its amount (or the amountless option's), the mint's fee
    /// reserve, `UNPAID`.
    /// - Throws: ``MintError`` 11013 for another unit, code 0 for an invoice that does not decode, 11011 for an
    ///   amountless invoice without an amount.
    mutating func meltQuote(_ request: MeltQuoteBolt11Request) throws(MintError) -> MeltQuoteResponse {
        guard request.unit == unit else { throw Self.refusal(.unitNotSupported, "unit \(request.unit) not supported") }
        let invoice: Bolt11Invoice
        do { invoice = try Bolt11Invoice(request.request) } catch {
            throw MintError(code: 0, detail: "invalid bolt11 invoice: \(error)")
        }
        guard let msat = invoice.amountMillisatoshis ?? request.options?.amountless?.amountMsat else {
            throw Self.refusal(.amountlessNotSupported, "amountless invoice without an amount")
        }
        let amount = unit == .msat ? msat : msat / 1000 + (msat % 1000 == 0 ? 0 : 1)
        guard amount > 0 else { throw Self.refusal(.amountOutsideLimits, "amount must be positive") }
        let quote = ScriptedMeltQuote(
            id: UUID().uuidString.lowercased(), request: request.request, amount: amount, feeReserve: feeReserve,
            unit: unit, state: .unpaid, expiry: Self.now + Self.quoteLifetime, paymentHash: invoice.paymentHash)
        meltQuotes[quote.id] = quote
        return quote.response
    }

    /// NUT-05: a quote's state, with the preimage and the NUT-08 change once paid.
    /// - Throws: ``MintError`` code 0 for an unknown quote.
    func meltQuoteState(quote id: String) throws(MintError) -> MeltQuoteResponse {
        guard let quote = meltQuotes[id] else { throw MintError(code: 0, detail: "quote not found") }
        return quote.response
    }

    /// NUT-05: pays a quote with inputs covering its amount and fee reserve, as the quote's (or the mint's)
    /// ``MeltBehaviour`` says.
    /// - Throws: ``MintError`` code 0 for an unknown quote, 20006 a paid quote (or its invoice paid by another),
    ///   20005 a pending one, 11010 inputs of another unit, 11005 inputs not covering amount + fee reserve, and the
    ///   input and output checks' codes.
    mutating func melt(_ request: MeltRequest) throws(MintError) -> MeltQuoteResponse {
        if nuts.contains(19), let cached = meltCache[request] { return cached }
        guard var quote = meltQuotes[request.quote] else { throw MintError(code: 0, detail: "quote not found") }
        switch quote.state {
        case .paid: throw Self.refusal(.invoiceAlreadyPaid, "melt quote already paid")
        case .pending: throw Self.refusal(.quotePending, "melt quote is pending")
        default: break
        }
        if meltQuotes.values.contains(where: { $0.paymentHash == quote.paymentHash && $0.state == .paid }) {
            throw Self.refusal(.invoiceAlreadyPaid, "invoice already paid")
        }
        let inputs = try verifyInputs(request.inputs)
        guard inputs.unit == quote.unit else {
            throw Self.refusal(.inputOutputUnitMismatch, "inputs in \(inputs.unit), the quote in \(quote.unit)")
        }
        let blanks = request.outputs ?? []
        _ = try verifyOutputs(blanks, unit: quote.unit, blank: true)
        try verifyConditions(request.inputs) { now throws(SpendingConditionError) in
            try SpendingConditionVerifier.verifyMelt(
                inputs: request.inputs, outputs: blanks, quoteID: quote.id, now: now)
        }
        let (need, overflow) = quote.amount.addingReportingOverflow(quote.feeReserve)
        guard !overflow, inputs.available >= need else {
            throw Self.refusal(
                .transactionNotBalanced,
                "inputs give \(inputs.available) after fees, the quote needs \(quote.amount) + \(quote.feeReserve)")
        }
        let inFlight = ScriptedMeltQuote.InFlight(
            inputs: inputs.Ys, blankOutputs: blanks, available: inputs.available)
        switch quote.behaviour ?? meltBehaviour {
        case .pay(let preimage, let lightningFee):
            try pay(&quote, inFlight, preimage: preimage, lightningFee: lightningFee)
        case .pending:
            for Y in inputs.Ys { proofStates[Y] = .pending }
            quote.state = .pending
            quote.inFlight = inFlight
        case .fail:
            quote.state = .unpaid
        }
        meltQuotes[quote.id] = quote
        var response = quote.response
        if quote.state == .paid && !blanks.isEmpty && response.change == nil { response.change = [] }
        if nuts.contains(19) { meltCache[request] = response }
        return response
    }

    /// Settles a melt left `PENDING`: paid spends its inputs and makes its change; not paid releases them.
    /// - Returns: `false` when the quote has no payment in flight.
    mutating func settlePendingMelt(quote id: String, paid: Bool, lightningFee: UInt64) -> Bool {
        guard var quote = meltQuotes[id], quote.state == .pending, let inFlight = quote.inFlight else { return false }
        if paid {
            do {
                try pay(&quote, inFlight, preimage: MeltBehaviour.defaultPreimage, lightningFee: lightningFee)
            } catch {
                preconditionFailure("cannot settle the melt: \(error)")
            }
        } else {
            for Y in inFlight.inputs { proofStates[Y] = nil }
            quote.state = .unpaid
        }
        quote.inFlight = nil
        meltQuotes[id] = quote
        return true
    }

    /// Pays: inputs `SPENT`, quote `PAID` with the preimage, and NUT-08 change for what the inputs overpaid beyond
    /// the amount and the Lightning fee, in powers of two, largest first, on as many blank outputs as there are.
    private mutating func pay(
        _ quote: inout ScriptedMeltQuote, _ inFlight: ScriptedMeltQuote.InFlight, preimage: String?,
        lightningFee: UInt64
    ) throws(MintError) {
        let spendable = inFlight.available - quote.amount
        let overpaid = spendable - min(lightningFee, spendable)
        let amounts = Self.changeAmounts(overpaid, limit: inFlight.blankOutputs.count)
        let blanks = Array(inFlight.blankOutputs.prefix(amounts.count))
        let change = try sign(blanks, amounts: amounts)
        for Y in inFlight.inputs { proofStates[Y] = .spent }
        quote.state = .paid
        quote.change = inFlight.blankOutputs.isEmpty ? nil : change
        if preimage == MeltBehaviour.defaultPreimage {
            quote.preimage = Bolt11TestInvoice.knownPreimage(paymentHash: quote.paymentHash) ?? preimage
        } else {
            quote.preimage = preimage
        }
    }

    /// NUT-08 change for `amount`: its decomposition into the keyset's amounts (powers of two up to 2^20), largest
    /// first, at most `limit` of them (what does not fit on the blank outputs is not returned).
    static func changeAmounts(_ amount: UInt64, limit: Int) -> [UInt64] {
        var parts: [UInt64] = []
        var rest = amount
        for denomination in ScriptedKeyset.amounts.reversed() {
            while rest >= denomination && parts.count < limit {
                parts.append(denomination)
                rest -= denomination
            }
        }
        return parts
    }
}
