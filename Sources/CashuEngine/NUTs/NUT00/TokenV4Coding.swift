// NUT-00 — Cryptography and models: token V4, the CBOR body of `cashuB…` and `crawB…` tokens.

/// Converts between ``Token`` and the V4 CBOR map `{t: [{i, p: [{a, s, c, d?, w?, pe?}]}], d?, m, u}`.
///
/// Encoding reproduces the published vectors byte for byte: top-level keys in the order `t, d, m, u`, keyset maps
/// `i, p`, proofs `a, s, c` then `d, w, pe`, definite lengths, shortest integers. Decoding ignores unknown keys
/// (NUT-00 §V4 "Receivers MUST ignore unknown fields"), treats `null`/`undefined` as absent, and rejects a known key
/// given twice, so that no two readers can disagree on a token's content.
enum TokenV4Coding {
    /// The largest amount a proof may carry: 2^63 (NUT-00 amounts reach 2^63).
    static let maximumAmount: UInt64 = 1 << 63

    // MARK: Encoding

    /// The CBOR bytes of a single-mint token.
    ///
    /// - Throws: ``EncodingFailure`` `.invalidField` for several mints or no proofs, `.missingField` without a unit or
    ///   a mint URL: the decoder refuses an empty `u` or `m`, so the encoder must not write one (found by fuzzing).
    static func encode(_ token: Token) throws(EncodingFailure) -> [UInt8] {
        guard let mint = token.mint else {
            throw EncodingFailure(.invalidField, "a V4 token holds the proofs of exactly one mint")
        }
        guard !TokenEntry.normalizedMintURL(mint).isEmpty else {
            throw EncodingFailure(.missingField, "a V4 token needs a mint URL")
        }
        guard let unit = token.unit, !unit.isEmpty else {
            throw EncodingFailure(.missingField, "a V4 token needs a unit")
        }
        guard token.proofCount > 0 else { throw EncodingFailure(.invalidField, "a token needs at least one proof") }

        // Group by keyset id, groups in order of first appearance (NUT-00 §V4: `t` holds one entry per keyset).
        var order: [KeysetID] = []
        var groups: [KeysetID: [CBORValue]] = [:]
        for entry in token.entries {
            for proof in entry.proofs {
                if groups[proof.id] == nil { order.append(proof.id) }
                groups[proof.id, default: []].append(proofValue(proof))
            }
        }
        let keysets: [CBORValue] = order.map { id in
            .map([CBORMapEntry("i", .bytes(id.bytes)), CBORMapEntry("p", .array(groups[id] ?? []))])
        }
        var top: [CBORMapEntry] = [CBORMapEntry("t", .array(keysets))]
        if let memo = token.memo { top.append(CBORMapEntry("d", .text(memo))) }
        top.append(CBORMapEntry("m", .text(TokenEntry.normalizedMintURL(mint))))
        top.append(CBORMapEntry("u", .text(unit)))
        return CBOREncoder.encode(.map(top))
    }

    private static func proofValue(_ proof: Proof) -> CBORValue {
        var fields: [CBORMapEntry] = [
            CBORMapEntry("a", .unsigned(proof.amount)),
            CBORMapEntry("s", .text(proof.secret)),
            CBORMapEntry("c", .bytes(proof.C.compressedRepresentation)),
        ]
        if let dleq = proof.dleq {
            fields.append(
                CBORMapEntry(
                    "d",
                    .map([
                        CBORMapEntry("e", .bytes(dleq.e.exposedSecretBytes)),
                        CBORMapEntry("s", .bytes(dleq.s.exposedSecretBytes)),
                        CBORMapEntry("r", .bytes(dleq.r.exposedSecretBytes)),
                    ])))
        }
        if let witness = proof.witness { fields.append(CBORMapEntry("w", .text(witness))) }
        if let e = proof.p2pkE { fields.append(CBORMapEntry("pe", .bytes(e.compressedRepresentation))) }
        return .map(fields)
    }

    // MARK: Decoding

    /// Decodes the CBOR body of a V4 token.
    ///
    /// - Throws: ``EncodingFailure`` for malformed CBOR, missing or mistyped fields, bad keyset id lengths, amounts
    ///   over 2^63 or a total over `UInt64.max`, a token without proofs; ``CryptoError`` for an invalid `c`, `pe` or
    ///   DLEQ value.
    static func decode(_ bytes: [UInt8]) throws -> Token {
        let root = try CBORDecoder.decode(bytes)
        guard case .map(let entries) = root else {
            throw EncodingFailure(.invalidField, "a V4 token is a CBOR map")
        }
        let fields = try Fields(entries, Keys.token)
        let mint = try text(fields.values[2], "m")
        let unit = try text(fields.values[3], "u")
        guard let mint, !TokenEntry.normalizedMintURL(mint).isEmpty else {
            throw EncodingFailure(.missingField, "V4 token has no mint URL (m)")
        }
        guard let unit, !unit.isEmpty else { throw EncodingFailure(.missingField, "V4 token has no unit (u)") }
        let memo = try text(fields.values[1], "d")
        guard let keysets = fields.values[0] else { throw EncodingFailure(.missingField, "V4 token has no t") }
        guard case .array(let groups) = keysets else { throw EncodingFailure(.invalidField, "t is not an array") }

        var proofs: [Proof] = []
        var total: UInt64 = 0
        for group in groups {
            guard case .map(let groupEntries) = group else {
                throw EncodingFailure(.invalidField, "t entry is not a map")
            }
            let groupFields = try Fields(groupEntries, Keys.keyset)
            guard let idValue = groupFields.values[0] else { throw EncodingFailure(.missingField, "t entry has no i") }
            guard case .bytes(let idBytes) = idValue else { throw EncodingFailure(.invalidField, "i is not bytes") }
            let id = try KeysetID(bytes: idBytes)
            guard let proofList = groupFields.values[1] else {
                throw EncodingFailure(.missingField, "t entry has no p")
            }
            guard case .array(let proofValues) = proofList else {
                throw EncodingFailure(.invalidField, "p is not an array")
            }
            if proofs.isEmpty { proofs.reserveCapacity(proofValues.count) }
            for value in proofValues {
                let proof = try decodeProof(value, id: id)
                let (sum, overflow) = total.addingReportingOverflow(proof.amount)
                guard !overflow else { throw EncodingFailure(.amountOverflow, "token amounts overflow UInt64") }
                total = sum
                proofs.append(proof)
            }
        }
        guard !proofs.isEmpty else { throw EncodingFailure(.invalidField, "token holds no proofs") }
        return Token(mint: mint, unit: unit, memo: memo, proofs: proofs)
    }

    private static func decodeProof(_ value: CBORValue, id: KeysetID) throws -> Proof {
        guard case .map(let entries) = value else { throw EncodingFailure(.invalidField, "proof is not a map") }
        // The hot loop of token decoding: one pass with a switch on the key, no per-proof arrays.
        var amountValue: CBORValue? = nil
        var secretValue: CBORValue? = nil
        var cValue: CBORValue? = nil
        var dValue: CBORValue? = nil
        var wValue: CBORValue? = nil
        var peValue: CBORValue? = nil
        for entry in entries {
            guard case .text(let key) = entry.key else { continue }
            switch key {
            case "a": try Self.store(entry.value, in: &amountValue, key)
            case "s": try Self.store(entry.value, in: &secretValue, key)
            case "c": try Self.store(entry.value, in: &cValue, key)
            case "d": try Self.store(entry.value, in: &dValue, key)
            case "w": try Self.store(entry.value, in: &wValue, key)
            case "pe": try Self.store(entry.value, in: &peValue, key)
            default: continue
            }
        }
        guard let amountValue = amountValue.flatMap(present) else {
            throw EncodingFailure(.missingField, "proof has no a")
        }
        guard case .unsigned(let amount) = amountValue else {
            throw EncodingFailure(.invalidField, "proof amount is not an unsigned integer")
        }
        guard amount <= maximumAmount else { throw EncodingFailure(.amountOverflow, "proof amount exceeds 2^63") }
        guard let secret = try text(secretValue.flatMap(present), "s") else {
            throw EncodingFailure(.missingField, "proof has no s")
        }
        guard let cValue = cValue.flatMap(present) else { throw EncodingFailure(.missingField, "proof has no c") }
        let C = try CompressedPoint(compressedRepresentation: try bytes(cValue, "c"))
        var dleq: ProofDLEQ? = nil
        if let d = dValue.flatMap(present) {
            guard case .map(let dEntries) = d else { throw EncodingFailure(.invalidField, "proof d is not a map") }
            let dFields = try Fields(dEntries, Keys.dleq)
            guard let e = dFields.values[0], let s = dFields.values[1], let r = dFields.values[2] else {
                throw EncodingFailure(.missingField, "DLEQ needs e, s and r")
            }
            dleq = ProofDLEQ(
                e: try Scalar(rawRepresentation: try bytes(e, "d.e")),
                s: try Scalar(rawRepresentation: try bytes(s, "d.s")),
                r: try Scalar(rawRepresentation: try bytes(r, "d.r")))
        }
        let witness = try text(wValue.flatMap(present), "w")
        let pe = try peValue.flatMap(present).map { value throws in
            try Point(compressedRepresentation: try bytes(value, "pe"))
        }
        return Proof(amount: amount, id: id, secret: secret, C: C, dleq: dleq, witness: witness, p2pkE: pe)
    }

    /// Keeps the first value of a known key; a second occurrence is an error (two readers must not disagree).
    private static func store(_ value: CBORValue, in slot: inout CBORValue?, _ key: String) throws(EncodingFailure) {
        guard slot == nil else { throw EncodingFailure(.invalidCBOR, "map key \(key) appears twice") }
        slot = value
    }

    /// `null` and `undefined` read as absent.
    private static func present(_ value: CBORValue) -> CBORValue? {
        value.isAbsent ? nil : value
    }

    private static func text(_ value: CBORValue?, _ name: String) throws(EncodingFailure) -> String? {
        guard let value else { return nil }
        guard case .text(let string) = value else { throw EncodingFailure(.invalidField, "\(name) is not text") }
        return string
    }

    private static func bytes(_ value: CBORValue, _ name: String) throws(EncodingFailure) -> [UInt8] {
        guard case .bytes(let raw) = value else { throw EncodingFailure(.invalidField, "\(name) is not bytes") }
        return raw
    }

    private enum Keys {
        static let token = ["t", "d", "m", "u"]
        static let keyset = ["i", "p"]
        static let dleq = ["e", "s", "r"]
    }

    /// The known keys of one CBOR map, read in a single pass (linear even for maps with many unknown keys).
    private struct Fields {
        /// The value of each known key, `nil` when absent, `null` or `undefined`.
        private(set) var values: [CBORValue?]

        /// Reads `entries`, keeping the values of the keys in `names` (same order) and ignoring the rest.
        ///
        /// - Throws: ``EncodingFailure`` `.invalidCBOR` when a known key appears twice, so that no two readers can
        ///   take different values from one token.
        init(_ entries: [CBORMapEntry], _ names: [String]) throws(EncodingFailure) {
            values = Array(repeating: nil, count: names.count)
            var seen = Array(repeating: false, count: names.count)
            for entry in entries {
                guard case .text(let key) = entry.key, let slot = names.firstIndex(of: key) else { continue }
                guard !seen[slot] else { throw EncodingFailure(.invalidCBOR, "map key \(key) appears twice") }
                seen[slot] = true
                if !entry.value.isAbsent { values[slot] = entry.value }
            }
        }
    }
}
