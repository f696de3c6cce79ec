// NIP-47 — Nostr Wallet Connect: a response's content, `{"result_type": …, "error": …, "result": …}`, as JSON.

import Foundation

/// A response: the method it answers and either a result or an error.
package struct NWCResponse: Sendable, Hashable {
    /// The method of the request this answers (NIP-47: `result_type` MUST name it).
    package var resultType: String
    /// The error, when the request failed.
    package var error: NWCResponseError?
    /// The result, when it succeeded.
    package var result: NWCResult?

    /// A successful response.
    package static func success(_ method: NWCMethod, _ result: NWCResult) -> NWCResponse {
        NWCResponse(resultType: method.rawValue, error: nil, result: result)
    }

    /// A failed response.
    package static func failure(_ resultType: String, _ code: NWCErrorCode, _ message: String) -> NWCResponse {
        NWCResponse(resultType: resultType, error: NWCResponseError(code, message), result: nil)
    }

    package init(resultType: String, error: NWCResponseError?, result: NWCResult?) {
        self.resultType = resultType
        self.error = error
        self.result = result
    }

    /// The response as compact JSON, `error` and `result` written as `null` when absent.
    package var jsonText: String {
        let errorJSON = error.map { NWCJSONValue(encoding: $0) } ?? .null
        return NWCJSONValue.object([
            "result_type": .string(resultType), "error": errorJSON, "result": result?.json ?? .null,
        ]).jsonText
    }

    /// Parses a response's JSON (as a client reads it).
    ///
    /// - Throws: ``NostrError`` `.malformedWalletMessage`.
    package init(jsonText: String) throws(NostrError) {
        do {
            let envelope = try JSONDecoder().decode(Envelope.self, from: Data(jsonText.utf8))
            resultType = envelope.resultType
            error = envelope.error
            if let json = envelope.result, json != .null {
                result = try NWCResult(resultType: envelope.resultType, json: json)
            } else {
                result = nil
            }
        } catch {
            throw NostrError(.malformedWalletMessage, "a response is a JSON object with a result_type")
        }
    }

    private struct Envelope: Decodable {
        var resultType: String
        var error: NWCResponseError?
        var result: NWCJSONValue?

        enum CodingKeys: String, CodingKey {
            case error, result
            case resultType = "result_type"
        }
    }
}
