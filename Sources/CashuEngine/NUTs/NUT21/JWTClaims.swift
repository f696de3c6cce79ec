// NUT-21 — the claims of a clear-auth access token a wallet reads (not verifies: the mint does): when it expires and
// whom it names, for refreshing on time and for `cashu auth status`.

import Foundation

/// The unverified claims of a JWT (RFC 7519) the wallet holds.
package struct JWTClaims: Sendable, Equatable {
    /// `exp`.
    package var expiry: Date?
    /// `preferred_username`, else `sub`.
    package var user: String?
    /// `iss`.
    package var issuer: String?

    /// Reads the payload of a compact JWT; `nil` for anything else (bounded: at most 16 KiB).
    package init?(_ token: String) {
        guard token.utf8.count <= 16 * 1024 else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = try? Base64URL.decode(String(parts[1])),
            let object = (try? JSONSerialization.jsonObject(with: Data(payload))) as? [String: Any]
        else { return nil }
        expiry = (object["exp"] as? NSNumber).map { Date(timeIntervalSince1970: $0.doubleValue) }
        user = (object["preferred_username"] as? String) ?? (object["sub"] as? String)
        issuer = object["iss"] as? String
    }
}
