// Storage: a proof as the wallet keeps it, keyed by Y = hash_to_curve(secret) (NUT-00, NUT-07).

import Foundation

/// A proof with where it belongs and what the wallet is doing with it.
public struct StoredProof: Hashable, Sendable, CustomStringConvertible {
    /// The proof itself (with its DLEQ, kept for sending).
    public var proof: Proof
    /// `hash_to_curve(secret)`, the key of the proof in the store and in NUT-07 checks.
    package var Y: CompressedPoint
    /// The mint that signed it.
    public var mintURL: MintURL
    /// The unit of its keyset.
    public var unit: CurrencyUnit
    /// The wallet's state of the proof.
    public var status: ProofStatus
    /// The operation that holds it (reserved, pending or sent), if any.
    package var operationID: OperationID?
    /// When the wallet stored it.
    package var createdAt: Date

    /// Creates a stored proof, computing `Y` from the secret.
    /// - Throws: ``CryptoError`` when the secret cannot be hashed to the curve.
    package init(
        proof: Proof, mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus = .unspent,
        operationID: OperationID? = nil, createdAt: Date = Date()
    ) throws(CryptoError) {
        self.init(
            proof: proof, Y: CompressedPoint(try HashToCurve.point(secret: proof.secret)), mintURL: mintURL,
            unit: unit, status: status, operationID: operationID, createdAt: createdAt)
    }

    /// Creates a stored proof with a known `Y` (as read back from a store).
    package init(
        proof: Proof, Y: CompressedPoint, mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus,
        operationID: OperationID?, createdAt: Date
    ) {
        self.proof = proof
        self.Y = Y
        self.mintURL = mintURL
        self.unit = unit
        self.status = status
        self.operationID = operationID
        self.createdAt = createdAt
    }

    /// The proof's amount.
    package var amount: UInt64 { proof.amount }

    public var description: String {
        "StoredProof(\(proof.amount) \(unit), \(status), keyset \(proof.id), Y \(Y))"
    }
}
