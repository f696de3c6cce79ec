// Test support: a ScriptedMint's NUT-04 mint quotes and minting (NUT-20 locked quotes, NUT-29 batches).

import CashuEngine
import Foundation

extension ScriptedMintState {
    /// NUT-04: a new quote with an invoice for the amount, `PAID` at once when ``autoPayMintQuotes``.
    /// - Throws: ``MintError`` 11013 for another unit, 11006 for amount 0.
    mutating func mintQuote(_ request: MintQuoteBolt11Request) throws(MintError) -> MintQuoteBolt11Response {
        guard request.unit == unit else { throw Self.refusal(.unitNotSupported, "unit \(request.unit) not supported") }
        guard request.amount > 0 else { throw Self.refusal(.amountOutsideLimits, "amount must be positive") }
        let quote = ScriptedMintQuote(
            id: UUID().uuidString.lowercased(), request: Self.invoice(amount: request.amount, unit: unit),
            amount: request.amount, unit: unit, state: autoPayMintQuotes ? .paid : .unpaid,
            expiry: Self.now + Self.quoteLifetime, pubkey: request.pubkey)
        mintQuotes[quote.id] = quote
        return quote.response
    }

    /// NUT-04: a quote's state.
    /// - Throws: ``MintError`` code 0 for an unknown quote.
    func mintQuoteState(quote id: String) throws(MintError) -> MintQuoteBolt11Response {
        guard let quote = mintQuotes[id] else { throw MintError(code: 0, detail: "quote not found") }
        return quote.response
    }

    /// NUT-29: several quotes' states, in request order.
    func checkMintQuotes(_ request: BatchCheckRequest) throws(MintError) -> [MintQuoteBolt11Response] {
        var answers: [MintQuoteBolt11Response] = []
        for id in request.quotes { answers.append(try mintQuoteState(quote: id)) }
        return answers
    }

    /// NUT-04: mints a paid quote.
    /// - Throws: ``MintError`` code 0 for an unknown quote, 20001 unpaid, 20002 issued, 20008 a locked quote without
    ///   a valid NUT-20 signature, 11005 outputs not summing to the quote's amount, and the output checks' codes.
    mutating func mint(_ request: MintRequest) throws(MintError) -> MintResponse {
        if nuts.contains(19), let cached = mintCache[request] { return cached }
        let quote = try mintableQuote(request.quote)
        try checkQuoteSignature(quote, signature: request.signature, outputs: request.outputs)
        let total = try verifyOutputs(request.outputs, unit: quote.unit)
        guard total == quote.amount else {
            throw Self.refusal(.transactionNotBalanced, "outputs sum to \(total), the quote is for \(quote.amount)")
        }
        let signatures = try sign(request.outputs)
        mintQuotes[quote.id]?.state = .issued
        let response = MintResponse(signatures: signatures)
        if nuts.contains(19) { mintCache[request] = response }
        return response
    }

    /// NUT-29: mints several paid quotes with one set of outputs.
    /// - Throws: ``MintError`` 11016 duplicate quotes, 11017 too many, 11005 unbalanced, and ``mint(_:)``'s codes.
    mutating func batchMint(_ request: BatchMintRequest) throws(MintError) -> MintResponse {
        guard !request.quotes.isEmpty else { throw MintError(code: 0, detail: "no quotes provided") }
        guard Set(request.quotes).count == request.quotes.count else {
            throw Self.refusal(.duplicateQuoteIDs, "duplicate quote ids")
        }
        guard request.quotes.count <= 100 else { throw Self.refusal(.maxBatchSizeExceeded, "batch too large") }
        if let signatures = request.signatures, signatures.count != request.quotes.count {
            throw Self.refusal(.mintSignatureInvalid, "one signature entry per quote is required")
        }
        var amounts: [UInt64] = []
        for (index, id) in request.quotes.enumerated() {
            let quote = try mintableQuote(id)
            try checkQuoteSignature(quote, signature: request.signatures?[index], outputs: request.outputs)
            amounts.append(request.quoteAmounts?[index] ?? quote.amount)
        }
        let expected: UInt64
        do { expected = try AmountSplit.sum(amounts) } catch {
            throw Self.refusal(.transactionNotBalanced, "quote amounts overflow")
        }
        let total = try verifyOutputs(request.outputs, unit: unit)
        guard total == expected else {
            throw Self.refusal(.transactionNotBalanced, "outputs sum to \(total), the quotes to \(expected)")
        }
        let signatures = try sign(request.outputs)
        for id in request.quotes { mintQuotes[id]?.state = .issued }
        return MintResponse(signatures: signatures)
    }

    /// A quote that can be minted now.
    private func mintableQuote(_ id: String) throws(MintError) -> ScriptedMintQuote {
        guard let quote = mintQuotes[id] else { throw MintError(code: 0, detail: "quote not found") }
        switch quote.state {
        case .paid: return quote
        case .issued: throw Self.refusal(.quoteAlreadyIssued, "quote already issued")
        default: throw Self.refusal(.quoteNotPaid, "quote not paid")
        }
    }

    /// NUT-20: a locked quote needs a valid signature over its id and all outputs.
    private func checkQuoteSignature(_ quote: ScriptedMintQuote, signature: String?, outputs: [BlindedMessage])
        throws(MintError)
    {
        guard let pubkey = quote.pubkey else { return }
        guard let signature,
            quoteSignatureSchemes.contains(where: { scheme in
                MintQuoteSignature.isValid(
                    signature: signature, quote: quote.id, outputs: outputs, pubkey: pubkey, scheme: scheme)
            })
        else {
            throw Self.refusal(.mintSignatureInvalid, "Mint quote with pubkey but no valid signature provided.")
        }
    }

    /// A payable BOLT #11 invoice for `amount` of `unit` (msat for `msat`, sat for every other unit).
    static func invoice(amount: UInt64, unit: CurrencyUnit) -> String {
        let preimage = Bolt11TestInvoice.randomPreimage()
        do {
            return unit == .msat
                ? try Bolt11TestInvoice.payable(amountMsat: amount, preimage: preimage)
                : try Bolt11TestInvoice.payable(amountSat: amount, preimage: preimage)
        } catch {
            preconditionFailure("cannot build an invoice: \(error)")
        }
    }
}
