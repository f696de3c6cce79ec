// LUD-06 — LNURL-pay: the payee's first answer (callback, amount range, metadata), LUD-12 comments; and the checks a
// wallet makes on the invoice it is then given, before paying it.

import Crypto
import Foundation

/// The payee's `payRequest` answer.
package struct LNURLPayParameters: Sendable, Hashable {
    /// Where to ask for the invoice (`callback?amount=<msat>[&comment=...]`).
    package let callback: URL
    /// The smallest amount accepted, in millisatoshis.
    package let minSendable: UInt64
    /// The largest amount accepted, in millisatoshis.
    package let maxSendable: UInt64
    /// The metadata string, exactly as sent: the invoice's description hash is its SHA-256.
    package let metadata: String
    /// LUD-12: how many characters of comment the payee takes (0: none).
    package let commentAllowed: Int

    /// The `text/plain` description inside the metadata, if any.
    package var text: String? {
        guard let entries = try? JSONSerialization.jsonObject(with: Data(metadata.utf8)) as? [[Any]] else { return nil }
        return entries.first { ($0.first as? String) == "text/plain" }.flatMap { $0.count > 1 ? $0[1] as? String : nil }
    }

    /// Reads the payee's answer to a request made to `origin`.
    /// - Throws: ``LNURLError`` `payeeRefused` for `{"status": "ERROR"}`, `invalidResponse` for anything that is
    ///   not a well-formed `payRequest` (wrong tag, bad numbers, an empty range, a callback that is not https, or
    ///   one on this machine from a payee that is not: the wallet is not sent to its own local services).
    package init(json body: [UInt8], origin: URL? = nil) throws(LNURLError) {
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] else {
                throw LNURLError(.invalidResponse, "the payee's answer is not a JSON object")
            }
            object = parsed
        } catch let error as LNURLError {
            throw error
        } catch {
            throw LNURLError(.invalidResponse, "the payee's answer is not JSON")
        }
        try Self.rejectError(object)
        guard (object["tag"] as? String) == "payRequest" else {
            throw LNURLError(.invalidResponse, "the payee's answer is not an LNURL-pay request")
        }
        guard let callbackText = object["callback"] as? String, let callback = URL(string: callbackText) else {
            throw LNURLError(.invalidResponse, "the payee's answer has no callback URL")
        }
        do { try LNURLPayTarget.requireTransport(callback) } catch {
            throw LNURLError(.invalidResponse, "the payee's callback is not https")
        }
        if let host = callback.host, HostName.isLoopback(host),
            !(origin?.host.map(HostName.isLoopback) ?? false)
        {
            throw LNURLError(.invalidResponse, "the payee's callback points at this machine")
        }
        guard let minimum = Self.unsigned(object["minSendable"]), let maximum = Self.unsigned(object["maxSendable"]),
            minimum >= 1, minimum <= maximum
        else {
            throw LNURLError(.invalidResponse, "the payee's amount range is not valid")
        }
        guard let metadata = object["metadata"] as? String,
            (try? JSONSerialization.jsonObject(with: Data(metadata.utf8))) is [Any]
        else {
            throw LNURLError(.invalidResponse, "the payee's metadata is not a JSON array")
        }
        self.callback = callback
        self.minSendable = minimum
        self.maxSendable = maximum
        self.metadata = metadata
        self.commentAllowed = Self.unsigned(object["commentAllowed"]).map { Int(clamping: $0) } ?? 0
    }

    /// The URL that asks for an invoice of `millisatoshis`, with `comment` when the payee takes one.
    /// - Throws: ``LNURLError`` `amountOutOfRange`, `invalidAddress` for a comment the payee does not take.
    package func invoiceURL(millisatoshis: UInt64, comment: String? = nil) throws(LNURLError) -> URL {
        guard (minSendable...maxSendable).contains(millisatoshis) else {
            let lowest = minSendable / 1000 + (minSendable % 1000 == 0 ? 0 : 1)
            throw LNURLError(
                .amountOutOfRange, "the payee takes \(lowest)–\(maxSendable / 1000) sat, not \(millisatoshis / 1000)")
        }
        guard var components = URLComponents(url: callback, resolvingAgainstBaseURL: false) else {
            throw LNURLError(.invalidResponse, "the payee's callback is not a URL")
        }
        var items = components.queryItems ?? []
        items.append(URLQueryItem(name: "amount", value: String(millisatoshis)))
        if let comment, !comment.isEmpty {
            guard comment.count <= commentAllowed else {
                throw LNURLError(
                    .invalidComment, "the payee takes comments of at most \(commentAllowed) characters")
            }
            items.append(URLQueryItem(name: "comment", value: comment))
        }
        components.queryItems = items
        guard let url = components.url else { throw LNURLError(.invalidResponse, "the payee's callback is not a URL") }
        return url
    }

    /// Reads the callback's answer (`{"pr": invoice}`) and checks the invoice before anything is paid: it asks for
    /// exactly `millisatoshis` and commits (tag `h`) to the SHA-256 of this metadata.
    /// - Throws: ``LNURLError`` `payeeRefused`, `invalidResponse`, `invoiceMismatch`.
    package func invoice(fromCallback body: [UInt8], millisatoshis: UInt64) throws(LNURLError) -> String {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
            throw LNURLError(.invalidResponse, "the payee's invoice answer is not a JSON object")
        }
        try Self.rejectError(object)
        guard let request = object["pr"] as? String else {
            throw LNURLError(.invalidResponse, "the payee's answer has no invoice")
        }
        let invoice: Bolt11Invoice
        do { invoice = try Bolt11Invoice(request) } catch {
            throw LNURLError(.invalidResponse, "the payee's invoice is not a BOLT11 invoice")
        }
        guard invoice.amountMillisatoshis == millisatoshis else {
            throw LNURLError(.invoiceMismatch, "the payee's invoice does not ask for the amount requested")
        }
        guard invoice.descriptionHash == Array(SHA256.hash(data: Array(metadata.utf8))) else {
            throw LNURLError(.invoiceMismatch, "the payee's invoice does not commit to its metadata (description hash)")
        }
        return request
    }

    /// `{"status": "ERROR", "reason": ...}` (LUD-06): the payee refused.
    private static func rejectError(_ object: [String: Any]) throws(LNURLError) {
        guard (object["status"] as? String)?.uppercased() == "ERROR" else { return }
        // The payee's words, without control characters (terminal escapes), and short.
        let reason =
            (object["reason"] as? String).map { text in
                let shown = text.unicodeScalars.filter { $0.properties.generalCategory != .control }
                return String(String.UnicodeScalarView(shown).prefix(200))
            } ?? "no reason given"
        throw LNURLError(.payeeRefused, "the payee refused: \(reason)")
    }

    /// A non-negative whole JSON number (or a numeric string, as some servers send).
    private static func unsigned(_ value: Any?) -> UInt64? {
        if let number = value as? NSNumber {
            let double = number.doubleValue
            guard double >= 0, double <= 1e18, double.rounded() == double else { return nil }
            return number.uint64Value
        }
        if let text = value as? String { return UInt64(text) }
        return nil
    }
}
