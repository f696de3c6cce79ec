// NUT-29 — Batched mint: the body of `POST /v1/mint/{method}/batch` and its NUT-20 signatures.

/// `{quotes, quote_amounts?, outputs, signatures?}`.
package struct BatchMintRequest: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Unique quote ids.
    package var quotes: [String]
    /// The amount to mint per quote (required for bolt12-like methods).
    package var quoteAmounts: [UInt64]?
    /// The outputs for all quotes together.
    package var outputs: [BlindedMessage]
    /// One NUT-20 signature (hex) per quote, `nil` for unlocked quotes; omitted when no quote is locked.
    package var signatures: [String?]?

    /// Creates a request without checking it; see `validate(method:quotes:settings:)`.
    package init(
        quotes: [String],
        quoteAmounts: [UInt64]? = nil,
        outputs: [BlindedMessage],
        signatures: [String?]? = nil
    ) {
        self.quotes = quotes
        self.quoteAmounts = quoteAmounts
        self.outputs = outputs
        self.signatures = signatures
    }

    enum CodingKeys: String, CodingKey {
        case quotes, outputs, signatures
        case quoteAmounts = "quote_amounts"
    }

    /// The NUT-20 message for `quote` over **all** outputs of the batch (NUT-29), in `scheme`.
    package func signatureMessage(
        for quote: String, scheme: MintQuoteSignature.Scheme = .hardened
    ) -> [UInt8] {
        MintQuoteSignature.message(quote: quote, outputs: outputs, scheme: scheme)
    }

    /// Signs every locked quote and sets ``signatures`` (`nil` entries for unlocked quotes; omitted if none locked).
    ///
    /// - Parameters:
    ///   - keys: the private key of each locked quote, by quote id.
    ///   - scheme: the NUT-20 message to sign.
    /// - Throws: ``CryptoError`` when signing fails.
    package mutating func sign(
        keys: [String: Scalar], scheme: MintQuoteSignature.Scheme = .hardened
    ) throws(CryptoError) {
        var result: [String?] = []
        for quote in quotes {
            if let key = keys[quote] {
                result.append(try MintQuoteSignature.sign(quote: quote, outputs: outputs, key: key, scheme: scheme))
            } else {
                result.append(nil)
            }
        }
        signatures = result.contains { $0 != nil } ? result : nil
    }

    /// Checks the request against the NUT-29 rules before it is sent.
    ///
    /// - Parameters:
    ///   - method: the method in the request path.
    ///   - known: what the wallet knows about each quote, by id.
    ///   - settings: the mint's NUT-29 settings, for `max_batch_size`.
    ///   - scheme: the NUT-20 message the signatures were made over.
    /// - Throws: ``BatchMintError`` naming the first rule broken.
    package func validate(
        method: String, quotes known: [String: BatchQuoteInfo], settings: BatchMintSettings? = nil,
        scheme: MintQuoteSignature.Scheme = .hardened
    ) throws(BatchMintError) {
        try BatchMintRules.validate(
            method: method, quotes: quotes, quoteAmounts: quoteAmounts, outputAmounts: outputs.map(\.amount),
            signatureCount: signatures?.count, signaturePresent: signatures?.map { $0 != nil }, known: known,
            maxBatchSize: settings?.maxBatchSize)
        for (index, quote) in quotes.enumerated() {
            guard let pubkey = known[quote]?.pubkey, let signature = signatures?[index] else { continue }
            guard
                MintQuoteSignature.isValid(
                    signature: signature, quote: quote, outputs: outputs, pubkey: pubkey, scheme: scheme)
            else {
                throw BatchMintError(.signatureMismatch, "signature \(index) does not verify for its quote")
            }
        }
    }

    package var description: String { "BatchMintRequest(quotes: \(quotes.count), outputs: \(outputs.count))" }
}
