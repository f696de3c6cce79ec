// NUT-22 — Blind authentication: a blind auth token (`AuthProof`) and its `authA` header serialization.

import Foundation

/// `{id, secret, C, dleq?}`: an unblinded signature on a secret from an `auth` keyset (amount 1).
///
/// The secret is a bearer secret: the proof prints redacted.
package struct AuthProof: Codable, Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The `auth` keyset that signed it.
    package var id: KeysetID
    /// The secret string.
    package var secret: String
    /// The unblinded signature.
    package var C: Point
    /// The NUT-12 DLEQ proof; kept locally, never sent in a header.
    package var dleq: ProofDLEQ?

    /// The `Blind-auth` header value prefix.
    package static let headerPrefix = "authA"
    /// The longest header value accepted for decoding.
    package static let maximumHeaderLength = 4096

    /// Creates an auth proof.
    package init(id: KeysetID, secret: String, C: Point, dleq: ProofDLEQ? = nil) {
        self.id = id
        self.secret = secret
        self.C = C
        self.dleq = dleq
    }

    enum CodingKeys: String, CodingKey { case id, secret, C, dleq }

    /// The proof as a NUT-00 proof of amount 1, for DLEQ checks and unblinding code shared with ecash.
    package var proof: Proof { Proof(amount: 1, id: id, secret: secret, C: C, dleq: dleq) }

    /// The header value: `"authA" + base64url(JSON {id, secret, C})`, without `dleq` (NUT-22, for privacy).
    ///
    /// - Throws: ``EncodingFailure`` `.invalidJSON` if encoding fails.
    package func headerValue() throws(EncodingFailure) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var stripped = self
        stripped.dleq = nil
        let json: Data
        do { json = try encoder.encode(stripped) } catch {
            throw EncodingFailure(.invalidJSON, "auth proof could not be encoded")
        }
        return Self.headerPrefix + Base64URL.encode(Array(json))
    }

    /// Decodes a header value `authA…` (padded or unpadded base64url).
    ///
    /// - Throws: ``EncodingFailure`` `.invalidPrefix`, `.limitExceeded`, `.invalidBase64` or `.invalidJSON`.
    package init(headerValue: String) throws(EncodingFailure) {
        guard headerValue.utf8.count <= Self.maximumHeaderLength else {
            throw EncodingFailure(.limitExceeded, "auth header longer than \(Self.maximumHeaderLength) bytes")
        }
        guard headerValue.hasPrefix(Self.headerPrefix) else {
            throw EncodingFailure(.invalidPrefix, "a blind auth token starts with authA")
        }
        let bytes = try Base64URL.decode(headerValue.dropFirst(Self.headerPrefix.count))
        do {
            self = try JSONDecoder().decode(AuthProof.self, from: Data(bytes))
        } catch {
            throw EncodingFailure(.invalidJSON, "auth token is not an AuthProof JSON object")
        }
    }

    package var description: String { "AuthProof(id: \(id), secret: <redacted>)" }
    package var debugDescription: String { description }
}
