// NUT-00 — Cryptography and models: a proof (an input), the unit of ecash a wallet holds and spends.

/// An unblinded signature on a secret: `{amount, id, secret, C}` plus optional NUT-11/12/14/28 fields.
///
/// The secret is a bearer secret: a proof prints with it redacted.
public struct Proof: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The amount in the keyset's unit (minor units); up to 2^63.
    public var amount: UInt64
    /// The keyset whose key for `amount` signed this proof.
    public var id: KeysetID
    /// The secret string; `hash_to_curve` takes its UTF-8 bytes (NUT-00).
    public var secret: String
    /// The unblinded signature `C = k·Y`, as received; `CompressedPoint.point()` checks it is on the curve.
    package var C: CompressedPoint
    /// NUT-12 DLEQ proof with the blinding factor, for receivers to verify offline.
    package var dleq: ProofDLEQ?
    /// Whether the proof carries its NUT-12 DLEQ proof (a receiver can check the mint's signature offline).
    public var hasDLEQ: Bool { dleq != nil }
    /// NUT-11/14 witness: a serialized JSON string.
    package var witness: String?
    /// NUT-28 ephemeral public key `E` of a pay-to-blinded-key lock.
    public var p2pkE: Point?

    package init(
        amount: UInt64,
        id: KeysetID,
        secret: String,
        C: CompressedPoint,
        dleq: ProofDLEQ? = nil,
        witness: String? = nil,
        p2pkE: Point? = nil
    ) {
        self.amount = amount
        self.id = id
        self.secret = secret
        self.C = C
        self.dleq = dleq
        self.witness = witness
        self.p2pkE = p2pkE
    }

    /// A proof whose `C` is an already-validated point.
    package init(
        amount: UInt64,
        id: KeysetID,
        secret: String,
        C: Point,
        dleq: ProofDLEQ? = nil,
        witness: String? = nil,
        p2pkE: Point? = nil
    ) {
        self.init(
            amount: amount, id: id, secret: secret, C: CompressedPoint(C), dleq: dleq, witness: witness, p2pkE: p2pkE)
    }

    enum CodingKeys: String, CodingKey {
        case amount, id, secret, C, dleq, witness
        case p2pkE = "p2pk_e"
    }

    /// The proof as the mint should see it: no DLEQ (it links the proof to its issuance) and no P2BK key.
    package var strippedForMint: Proof {
        var copy = self
        copy.dleq = nil
        copy.p2pkE = nil
        return copy
    }

    /// The secret redacted; also what `String(reflecting:)`, `debugPrint` and collections print.
    public var description: String { "Proof(amount: \(amount), id: \(id), secret: <redacted>)" }
}
