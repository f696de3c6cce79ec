// NUT-10 — Spending conditions: creating a new well-known secret (fresh nonce, compact JSON).

extension WellKnownSecret {
    /// Makes a new secret with a fresh random 32-byte nonce (64 lowercase hex characters).
    ///
    /// The result serializes as compact JSON, `["kind",{"nonce":"…","data":"…","tags":[[…]]}]`, with `tags` left
    /// out when there are none. Lock ecash with it only at a mint whose info lists the kind's NUT (NUT-10 "Caution").
    /// - Parameters:
    ///   - kind: the condition kind.
    ///   - data: the kind-specific data.
    ///   - tags: the tags, in the order they are written.
    /// - Returns: the secret; its `rawValue` is the string to blind.
    package static func make(kind: Kind, data: String, tags: [SecretTag] = []) -> WellKnownSecret {
        make(kind: kind, nonce: Hex.encode(SecureBytes.random(count: 32).exposedSecretBytes), data: data, tags: tags)
    }

    /// Makes a secret with a given nonce (tests and deterministic derivations).
    static func make(kind: Kind, nonce: String, data: String, tags: [SecretTag]) -> WellKnownSecret {
        var json = "[" + quoted(kind.rawValue) + ",{\"nonce\":" + quoted(nonce) + ",\"data\":" + quoted(data)
        if !tags.isEmpty {
            json += ",\"tags\":[" + tags.map { "[" + $0.elements.map(quoted).joined(separator: ",") + "]" }
                .joined(separator: ",") + "]"
        }
        json += "}]"
        return WellKnownSecret(kind: kind, nonce: nonce, data: data, tags: tags, rawValue: json)
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, everything else verbatim
    /// (including `/` and non-ASCII, as most Cashu implementations write them).
    static func quoted(_ s: String) -> String {
        var out = "\""
        out.reserveCapacity(s.utf8.count + 2)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = Hex.encode([UInt8(scalar.value)])
                out += "\\u00" + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
