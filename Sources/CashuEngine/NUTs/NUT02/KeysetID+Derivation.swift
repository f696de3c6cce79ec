// NUT-02 — Keysets and fees: deriving keyset ids from keys (v1 `00` and v2 `01`).

import Crypto

extension KeysetID {
    /// The deprecated v1 id: `00` + the first 7 bytes of SHA-256 over the compressed keys sorted by amount.
    ///
    /// - Parameter keys: the keyset's keys; sorted numerically by amount, never as strings (NUT-02).
    /// - Returns: an 8-byte id.
    /// - Throws: never in practice; ``KeysetError`` `.idMismatch` if the derived bytes were not a valid id.
    package static func v1(keys: KeysetKeys) throws(KeysetError) -> KeysetID {
        var hasher = SHA256()
        for entry in keys.sortedByAmount {
            hasher.update(data: entry.key.compressedRepresentation)
        }
        let digest = Array(hasher.finalize())
        return try derived([versionV1] + digest.prefix(7))
    }

    /// The v2 id: `01` + SHA-256 of `"amount:pubkey,..."` (numeric order), `|unit:<unit>`, then
    /// `|input_fee_ppk:<fee>` only when non-zero and `|final_expiry:<exp>` only when present and non-zero.
    ///
    /// - Returns: a 33-byte id.
    /// - Throws: never in practice; ``KeysetError`` `.idMismatch` if the derived bytes were not a valid id.
    package static func v2(
        keys: KeysetKeys, unit: CurrencyUnit, inputFeePPK: UInt64? = nil, finalExpiry: UInt64? = nil
    ) throws(KeysetError) -> KeysetID {
        let digest = Array(SHA256.hash(data: Array(v2Preimage(keys: keys, unit: unit, inputFeePPK: inputFeePPK,
            finalExpiry: finalExpiry).utf8)))
        return try derived([versionV2] + digest)
    }

    /// The string hashed for a v2 id (exposed for debugging and tests).
    static func v2Preimage(
        keys: KeysetKeys, unit: CurrencyUnit, inputFeePPK: UInt64?, finalExpiry: UInt64?
    ) -> String {
        var preimage = keys.sortedByAmount.map { "\($0.amount):\($0.key.hex)" }.joined(separator: ",")
        preimage += "|unit:\(unit.rawValue)"
        if let fee = inputFeePPK, fee != 0 { preimage += "|input_fee_ppk:\(fee)" }
        if let expiry = finalExpiry, expiry != 0 { preimage += "|final_expiry:\(expiry)" }
        return preimage
    }

    /// Wraps bytes this file derived; their length and version always form a valid id.
    private static func derived(_ bytes: [UInt8]) throws(KeysetError) -> KeysetID {
        do {
            return try KeysetID(bytes: bytes)
        } catch {
            throw KeysetError(.idMismatch, "derived keyset id has an invalid form: \(error.reason)")
        }
    }
}
