// NUT-00 — Cryptography and models: finding a serialized token inside other text (a `cashu:` URI, a chat message, a
// file with other lines), as wallets accept pasted text.

/// Finds `cashuA…` / `cashuB…` tokens in text and decodes the first one that is a token.
public enum TokenFinder {
    /// The characters a serialized token is made of: base64url, and the standard alphabet and padding some V3
    /// tokens use.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }

    /// Letters, digits, `-` and `_`: a run that follows one of them is part of a longer word (`=`, `+`, `/` may end a
    /// URL's key or path before a token).
    private static func isBase64URLByte(_ byte: UInt8) -> Bool {
        isTokenByte(byte) && byte != UInt8(ascii: "=") && byte != UInt8(ascii: "+") && byte != UInt8(ascii: "/")
    }

    /// Every `cashuA…`/`cashuB…` run in `text`, in order (at most `limit` of them). A run must start the text or
    /// follow a character that cannot be part of a token (so `xcashuB…` is not one).
    /// - Parameters:
    ///   - text: anything: a message, a URI, a file's contents.
    ///   - limit: the most candidates returned.
    package static func candidates(in text: String, limit: Int = 16) -> [Substring] {
        let bytes = text.utf8
        var found: [Substring] = []
        var index = bytes.startIndex
        let prefix = Array("cashu".utf8)
        while index < bytes.endIndex, found.count < limit {
            guard bytes[index] == prefix[0] else {
                index = bytes.index(after: index)
                continue
            }
            let before = index == bytes.startIndex ? nil : bytes[bytes.index(before: index)]
            var cursor = index
            var matched = true
            for expected in prefix {
                guard cursor < bytes.endIndex, bytes[cursor] == expected else {
                    matched = false
                    break
                }
                cursor = bytes.index(after: cursor)
            }
            guard matched, before.map({ !isBase64URLByte($0) }) ?? true, cursor < bytes.endIndex,
                bytes[cursor] == UInt8(ascii: "A") || bytes[cursor] == UInt8(ascii: "B")
            else {
                index = bytes.index(after: index)
                continue
            }
            var end = cursor
            while end < bytes.endIndex, isTokenByte(bytes[end]) { end = bytes.index(after: end) }
            found.append(Substring(text.utf8[index..<end]))
            index = end
        }
        return found
    }

    /// The first token in `text`: the whole text when it is one (a `cashu:` URI included), else the first run that
    /// decodes.
    /// - Returns: the token and its serialized form as found.
    /// - Throws: `EncodingFailure` `.invalidPrefix` when the text holds nothing like a token, else the error of
    ///   the first candidate that failed to decode.
    public static func firstToken(in text: String) throws -> (token: Token, encoded: String) {
        if let whole = try? TokenDecoder.decode(text) {
            return (whole, String(text).trimmingWhitespace())
        }
        var firstError: (any Error)?
        for candidate in candidates(in: text) {
            do { return (try TokenDecoder.decode(String(candidate)), String(candidate)) } catch {
                if firstError == nil { firstError = error }
            }
        }
        throw firstError ?? EncodingFailure(.invalidPrefix, "the text holds no cashuA or cashuB token")
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    fileprivate func trimmingWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
