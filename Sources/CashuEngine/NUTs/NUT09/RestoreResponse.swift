// NUT-09 — Restore signatures: the `POST /v1/restore` response and matching it to the request by `B_`.

/// The response to `POST /v1/restore`: the subset of requested outputs the mint had signed, and their signatures.
///
/// `outputs` and `signatures` are pairwise (`signatures[i]` signs `outputs[i]`), but `outputs` is not the request:
/// it holds only what the mint found, so it is matched to the request by `B_` (``match(against:)``), never by index.
package struct RestoreResponse: Codable, Hashable, Sendable {
    /// The requested outputs that the mint had signed.
    package var outputs: [BlindedMessage]
    /// The signatures, `signatures[i]` for `outputs[i]`.
    package var signatures: [BlindSignature]

    /// Creates a restore response.
    /// - Parameters:
    ///   - outputs: the outputs the mint had signed.
    ///   - signatures: their signatures, pairwise.
    package init(outputs: [BlindedMessage], signatures: [BlindSignature]) {
        self.outputs = outputs
        self.signatures = signatures
    }

    enum CodingKeys: String, CodingKey {
        case outputs, signatures
        // Nutshell before 0.15.1 named the signatures `promises` (not in NUT-09; 0.21.0 sends only `signatures`).
        case promises
    }

    /// Decodes a response, reading the legacy `promises` key when `signatures` is absent.
    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        outputs = try container.decode([BlindedMessage].self, forKey: .outputs)
        if container.contains(.signatures) {
            signatures = try container.decode([BlindSignature].self, forKey: .signatures)
        } else {
            signatures = try container.decode([BlindSignature].self, forKey: .promises)
        }
    }

    /// Encodes the response with the current `signatures` key only.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outputs, forKey: .outputs)
        try container.encode(signatures, forKey: .signatures)
    }

    /// Pairs each returned output with the requested output of the same `B_`.
    ///
    /// The signature's keyset id must be the requested output's: the wallet derived that output's secret for that
    /// keyset. Amounts are not compared with the request, whose amounts are placeholders during recovery.
    /// - Parameter request: the request this response claims to answer.
    /// - Returns: the pairs, in request order.
    /// - Throws: ``ResponseValidationError`` `.countMismatch` (arrays of different lengths, or more than requested),
    ///   `.duplicateRequestOutput` (the request repeats a `B_`), `.unknownOutput` / `.duplicateOutput` /
    ///   `.keysetMismatch` naming the response index at fault.
    package func match(against request: RestoreRequest) throws(ResponseValidationError) -> [RestoredOutput] {
        guard outputs.count == signatures.count else {
            throw ResponseValidationError(
                .countMismatch, "\(outputs.count) outputs but \(signatures.count) signatures")
        }
        guard outputs.count <= request.outputs.count else {
            throw ResponseValidationError(
                .countMismatch, "\(outputs.count) outputs returned for \(request.outputs.count) requested")
        }
        var requestIndexByPoint: [Point: Int] = [:]
        requestIndexByPoint.reserveCapacity(request.outputs.count)
        for (index, output) in request.outputs.enumerated() {
            guard requestIndexByPoint.updateValue(index, forKey: output.B_) == nil else {
                throw ResponseValidationError(.duplicateRequestOutput, index: index, "the request repeats a B_")
            }
        }
        var matched: [RestoredOutput] = []
        matched.reserveCapacity(outputs.count)
        var seen = Set<Int>()
        for (index, (output, signature)) in zip(outputs, signatures).enumerated() {
            guard let requestIndex = requestIndexByPoint[output.B_] else {
                throw ResponseValidationError(.unknownOutput, index: index, "B_ \(output.B_) was not requested")
            }
            guard seen.insert(requestIndex).inserted else {
                throw ResponseValidationError(.duplicateOutput, index: index, "B_ \(output.B_) returned twice")
            }
            let requested = request.outputs[requestIndex]
            guard signature.id == requested.id else {
                throw ResponseValidationError(
                    .keysetMismatch, index: index,
                    "signature keyset \(signature.id) for an output of \(requested.id)")
            }
            matched.append(RestoredOutput(requestIndex: requestIndex, output: requested, signature: signature))
        }
        matched.sort { $0.requestIndex < $1.requestIndex }
        return matched
    }
}
