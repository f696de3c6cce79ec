// NUT-14 — Hashed Timelock Contracts: the witness `{"preimage":…,"signatures":[…]}` of an HTLC input.

import Foundation

/// The preimage and signatures that unlock an HTLC input (NUT-14 "Witness format"). Prints redacted.
package struct HTLCWitness: Hashable, Sendable, CustomStringConvertible {
    /// The preimage, if the receiver pathway is used; the refund pathway needs none.
    package let preimage: HTLCPreimage?
    /// 64-byte BIP-340 signatures as lowercase hex.
    package let signatures: [String]

    /// Makes a witness.
    package init(preimage: HTLCPreimage?, signatures: [String] = []) {
        self.preimage = preimage
        self.signatures = signatures
    }

    /// Parses a `Proof.witness` string.
    ///
    /// - Throws: ``SpendingConditionError`` `.malformedWitness` if it is not a JSON object with an optional string
    ///   `preimage` and a `signatures` array of hex signatures; `.invalidPreimage` if the preimage is not 32 bytes
    ///   of hex; `.limitExceeded` for too many signatures.
    package init(parsing witness: String) throws(SpendingConditionError) {
        let object = try P2PKWitness.jsonObject(witness)
        signatures = try P2PKWitness.signatures(in: object)
        if let value = object["preimage"], !(value is NSNull) {
            guard let hex = SecretTag.jsonString(value) else {
                throw SpendingConditionError(.malformedWitness, "preimage must be a string")
            }
            preimage = try HTLCPreimage(parsingHex: hex)
        } else {
            preimage = nil
        }
    }

    /// The compact JSON string to put in `Proof.witness`; `preimage` is left out when there is none.
    package var serialized: String {
        let sigs = "\"signatures\":[" + signatures.map(WellKnownSecret.quoted).joined(separator: ",") + "]"
        guard let preimage else { return "{" + sigs + "}" }
        return "{\"preimage\":" + WellKnownSecret.quoted(preimage.exposedSecretHex) + "," + sigs + "}"
    }

    package var description: String { "HTLCWitness(preimage: <redacted>, signatures: \(signatures.count))" }
}
