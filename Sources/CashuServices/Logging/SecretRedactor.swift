// Logging: removes secrets from text by pattern (tokens, payment requests, auth tokens, long hex, mnemonics).

import Logging

/// Replaces the secrets a text may carry with fixed placeholders.
///
/// What is removed, and what it becomes:
/// - ecash tokens `cashuA…`, `cashuB…` (NUT-00), raw `crawB…` and NUT-16 animated QR frames `ur:bytes/…` →
///   `<redacted token>`;
/// - payment requests `creqA…` (NUT-18) and `creqb1…` (NUT-26) → `<redacted payment request>`;
/// - blind auth tokens `authA…` (NUT-22), base64 JSON such as NUT-21 clear auth JWTs (`eyJ…`), and the credential
///   after `Bearer` → `<redacted auth>`;
/// - runs of 64 or more hex digits (proof secrets, private keys, blinding factors, seeds) → `<redacted hex>`;
/// - compressed points (66 hex digits from `02`/`03`: a `B_`, a `C`, a `Y`, a public key) → their first 10 digits and
///   `…`: enough to tell points apart in a log, never a whole signature `C`. NUT-02 v2 keyset ids (66 digits from
///   `01`) are public and kept;
/// - runs of `mnemonicMinimumWords` or more BIP-39 English words (any case; separated by spaces, commas,
///   newlines, numbering, or spread over the elements of a metadata array) → `<redacted mnemonic>`.
///
/// A text with nothing to remove is returned as it is, without allocating.
package struct SecretRedactor: Sendable {
    /// Fewest BIP-39 words in a row taken for a mnemonic; 8 by default, below the 12 of the shortest mnemonic, so
    /// that a partial phrase (a truncated line, a few words short) is still removed.
    package let mnemonicMinimumWords: Int

    /// A redactor.
    ///
    /// - Parameter mnemonicMinimumWords: fewest BIP-39 words in a row removed as a mnemonic (at least 2).
    package init(mnemonicMinimumWords: Int = 8) {
        self.mnemonicMinimumWords = max(2, mnemonicMinimumWords)
    }

    /// `text` with its secrets replaced; `text` itself when there are none.
    package func redact(_ text: String) -> String {
        var text = text
        if let result = text.utf8.withContiguousStorageIfAvailable({ redact(text, bytes: $0) }) {
            return result
        }
        text.makeContiguousUTF8()
        return text.utf8.withContiguousStorageIfAvailable { redact(text, bytes: $0) } ?? text
    }

    /// Whether `text` holds anything `redact(_:)` would remove.
    package func containsSecret(_ text: String) -> Bool {
        redact(text) != text
    }

    /// A metadata value with every string in it redacted. A `.stringConvertible` is rendered once and becomes a
    /// `.string`, so what was checked is exactly what gets written.
    package func redact(_ value: Logger.MetadataValue) -> Logger.MetadataValue {
        redacting(value).value
    }

    /// Redacts every value of `metadata`; keys are kept.
    ///
    /// - Returns: `metadata` itself when no value had anything to remove and none needed rendering.
    package func redact(_ metadata: Logger.Metadata) -> Logger.Metadata {
        redacting(metadata).metadata
    }

    private func redacting(_ metadata: Logger.Metadata) -> (metadata: Logger.Metadata, changed: Bool) {
        var result: Logger.Metadata?
        for (key, value) in metadata {
            let (redacted, changed) = redacting(value)
            guard changed else { continue }
            if result == nil { result = metadata }
            result?[key] = redacted
        }
        return (result ?? metadata, result != nil)
    }

    private func redacting(_ value: Logger.MetadataValue) -> (value: Logger.MetadataValue, changed: Bool) {
        switch value {
        case .string(let text):
            let redacted = redact(text)
            return redacted == text ? (value, false) : (.string(redacted), true)
        case .stringConvertible(let convertible):
            return (.string(redact(convertible.description)), true)
        case .array(let values):
            var changed = false
            let redacted = values.map { element -> Logger.MetadataValue in
                let (new, elementChanged) = redacting(element)
                changed = changed || elementChanged
                return new
            }
            // A secret split over elements (a mnemonic as a list of words, ["Bearer", credential]) shows only
            // when they are read together: if their joined text has one, the array becomes that text, redacted.
            let texts = redacted.compactMap(Self.text)
            if texts.count > 1, texts.count == redacted.count {
                let joined = texts.joined(separator: " ")
                let redactedJoined = redact(joined)
                if redactedJoined != joined { return (.string(redactedJoined), true) }
            }
            return changed ? (.array(redacted), true) : (value, false)
        case .dictionary(let dictionary):
            let (redacted, changed) = redacting(dictionary)
            return changed ? (.dictionary(redacted), true) : (value, false)
        }
    }

    private static func text(_ value: Logger.MetadataValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    private func redact(_ text: String, bytes: UnsafeBufferPointer<UInt8>) -> String {
        let matches = RedactionScanner.scan(bytes, mnemonicMinimumWords: mnemonicMinimumWords)
        guard !matches.isEmpty else { return text }
        var result = ""
        result.reserveCapacity(bytes.count)
        var cursor = 0
        for match in matches {
            result += String(decoding: UnsafeBufferPointer(rebasing: bytes[cursor..<match.start]), as: UTF8.self)
            switch match.kind {
            case .token: result += "<redacted token>"
            case .paymentRequest: result += "<redacted payment request>"
            case .authToken: result += "<redacted auth>"
            case .hex: result += "<redacted hex>"
            case .mnemonic: result += "<redacted mnemonic>"
            case .point:
                let fingerprint = bytes[match.start..<match.start + 10]
                result += String(decoding: UnsafeBufferPointer(rebasing: fingerprint), as: UTF8.self) + "…"
            }
            cursor = match.end
        }
        result += String(decoding: UnsafeBufferPointer(rebasing: bytes[cursor..<bytes.count]), as: UTF8.self)
        return result
    }
}
