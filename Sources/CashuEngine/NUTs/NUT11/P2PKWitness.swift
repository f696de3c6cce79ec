// NUT-11 — Pay to Public Key: the witness `{"signatures":[…]}` carried as a JSON string in `Proof.witness`.

import Foundation

/// The signatures that unlock a P2PK input (NUT-11 "Witness format").
package struct P2PKWitness: Hashable, Sendable {
    /// At most this many signatures are accepted in one witness (bounds verification work).
    package static let maxSignatures = 2 * SignaturePathway.maxKeys

    /// 64-byte BIP-340 signatures as lowercase hex.
    package let signatures: [String]

    /// Makes a witness from hex signatures.
    package init(signatures: [String]) {
        self.signatures = signatures
    }

    /// Parses a `Proof.witness` string.
    ///
    /// Members other than `signatures` (an HTLC witness's `preimage`) are ignored.
    /// - Throws: ``SpendingConditionError`` `.malformedWitness` if it is not a JSON object whose `signatures` is an
    ///   array of 128-character hex strings; `.limitExceeded` past ``maxSignatures``.
    package init(parsing witness: String) throws(SpendingConditionError) {
        let object = try Self.jsonObject(witness)
        self.signatures = try Self.signatures(in: object)
    }

    /// The compact JSON string to put in `Proof.witness`.
    package var serialized: String {
        "{\"signatures\":[" + signatures.map(WellKnownSecret.quoted).joined(separator: ",") + "]}"
    }

    /// The signatures decoded to bytes.
    ///
    /// - Throws: ``SpendingConditionError`` `.malformedWitness` for a signature that is not 64 bytes of hex.
    package func signatureBytes() throws(SpendingConditionError) -> [[UInt8]] {
        try Self.decode(signatures)
    }

    static func jsonObject(_ witness: String) throws(SpendingConditionError) -> [String: Any] {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: Data(witness.utf8), options: [])
        } catch {
            throw SpendingConditionError(.malformedWitness, "witness is not valid JSON")
        }
        guard let object = json as? [String: Any] else {
            throw SpendingConditionError(.malformedWitness, "witness must be a JSON object")
        }
        return object
    }

    static func signatures(in object: [String: Any]) throws(SpendingConditionError) -> [String] {
        guard let value = object["signatures"], !(value is NSNull) else { return [] }
        guard let list = value as? [Any] else {
            throw SpendingConditionError(.malformedWitness, "signatures must be an array")
        }
        guard list.count <= maxSignatures else {
            throw SpendingConditionError(.limitExceeded, "more than \(maxSignatures) signatures")
        }
        var out: [String] = []
        for element in list {
            guard let s = SecretTag.jsonString(element) else {
                throw SpendingConditionError(.malformedWitness, "signatures must be strings")
            }
            out.append(s)
        }
        _ = try decode(out)
        return out
    }

    static func decode(_ signatures: [String]) throws(SpendingConditionError) -> [[UInt8]] {
        var out: [[UInt8]] = []
        for s in signatures {
            guard let bytes = try? Hex.decode(s, count: 64) else {
                throw SpendingConditionError(.malformedWitness, "a signature must be 64 bytes of hex")
            }
            out.append(bytes)
        }
        return out
    }
}
