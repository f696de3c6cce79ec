// NUT-03 — Swap tokens: the `POST /v1/swap` response and the checks a wallet runs before unblinding it.

/// The response to `POST /v1/swap`: one blind signature per requested output, in the outputs' order.
package struct SwapResponse: Codable, Hashable, Sendable {
    /// The mint's signatures; `signatures[i]` answers `outputs[i]` of the request.
    package var signatures: [BlindSignature]

    /// Creates a swap response.
    /// - Parameter signatures: the signatures, in the order of the request's outputs.
    package init(signatures: [BlindSignature]) {
        self.signatures = signatures
    }

    /// Checks that this response answers `request` position by position.
    /// - Parameter request: the request this response claims to answer.
    /// - Throws: ``ResponseValidationError`` as ``SwapResponse/validate(signatures:answer:)`` does.
    package func validate(against request: SwapRequest) throws(ResponseValidationError) {
        try Self.validate(signatures: signatures, answer: request.outputs)
    }

    /// Checks that `signatures` answer `outputs` index by index: same count, and each signature has the amount and
    /// keyset id of the output at its position.
    ///
    /// Used for any endpoint whose signatures come back in the outputs' order (swap, NUT-04 mint). It checks shape
    /// only; the DLEQ proof and unblinding are separate steps.
    /// - Parameters:
    ///   - signatures: the signatures the mint returned.
    ///   - outputs: the outputs the wallet sent, in order.
    /// - Throws: ``ResponseValidationError`` `.countMismatch`, or `.amountMismatch` / `.keysetMismatch` naming the
    ///   first index that differs.
    package static func validate(
        signatures: [BlindSignature],
        answer outputs: [BlindedMessage]
    ) throws(ResponseValidationError) {
        guard signatures.count == outputs.count else {
            throw ResponseValidationError(
                .countMismatch, "\(signatures.count) signatures for \(outputs.count) outputs")
        }
        for (index, (signature, output)) in zip(signatures, outputs).enumerated() {
            guard signature.amount == output.amount else {
                throw ResponseValidationError(
                    .amountMismatch, index: index,
                    "signature amount \(signature.amount) for an output of \(output.amount)")
            }
            guard signature.id == output.id else {
                throw ResponseValidationError(
                    .keysetMismatch, index: index, "signature keyset \(signature.id) for an output of \(output.id)")
            }
        }
    }
}
