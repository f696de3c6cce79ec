// Offline queue: the recorded outcome of a queued operation that finished (amounts, wallet operation ids).

import CoreCashu

/// What a finished queued operation did. Free of secrets; stored as JSON in `QueuedOperation.result`
/// (`QueuedOperationResult.Stored`).
public struct QueuedOperationResult: Hashable, Sendable {
    /// The amount received, or paid (excluding fees); 0 for a check.
    public var amount: UInt64
    /// Fees paid.
    public var fee: UInt64
    /// The wallet operations that did it.
    public var operationIDs: [OperationID]
    /// A melt's change (NUT-08).
    package var change: UInt64?
    /// A melt's payment preimage, when the mint gives it.
    package var paymentPreimage: String?
    /// A paid melt's proof of payment: whether the preimage hashes to the invoice's payment hash (NUT-05/23);
    /// `nil` for other kinds, for results stored before it was recorded, and for a value a newer version wrote.
    public var proofOfPayment: ProofOfPayment? {
        get { storedProofOfPayment.flatMap(ProofOfPayment.init(rawValue:)) }
        set { storedProofOfPayment = newValue?.rawValue }
    }
    /// Kept as text, so that an unknown value read after a downgrade never makes the whole result unreadable.
    private var storedProofOfPayment: String?
    /// A check's claimed and unclaimed sends and settled melts.
    package var claimedSends: Int?
    package var unclaimedSends: Int?
    package var settledMelts: Int?
    /// Set when the outcome was found in the wallet's history rather than returned by the attempt (an attempt was
    /// interrupted after the mint had acted, or the token was received by other means meanwhile).
    package var foundInHistory: Bool

    /// Creates a result.
    public init(
        amount: UInt64,
        fee: UInt64,
        operationIDs: [OperationID],
        change: UInt64? = nil,
        paymentPreimage: String? = nil,
        proofOfPayment: ProofOfPayment? = nil,
        claimedSends: Int? = nil,
        unclaimedSends: Int? = nil,
        settledMelts: Int? = nil,
        foundInHistory: Bool = false
    ) {
        self.amount = amount
        self.fee = fee
        self.operationIDs = operationIDs
        self.change = change
        self.paymentPreimage = paymentPreimage
        self.storedProofOfPayment = proofOfPayment?.rawValue
        self.claimedSends = claimedSends
        self.unclaimedSends = unclaimedSends
        self.settledMelts = settledMelts
        self.foundInHistory = foundInHistory
    }

    /// The result as `QueuedOperation.result` keeps it: the JSON this struct's synthesized `Codable` wrote, key for
    /// key and in the same order (results stored by earlier versions read the same).
    package struct Stored: Codable {
        package var result: QueuedOperationResult

        package init(_ result: QueuedOperationResult) { self.result = result }

        enum CodingKeys: String, CodingKey {
            case amount, fee, operationIDs, change, paymentPreimage, claimedSends, unclaimedSends, settledMelts
            case foundInHistory
            case storedProofOfPayment = "proofOfPayment"
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            result = QueuedOperationResult(
                amount: try container.decode(UInt64.self, forKey: .amount),
                fee: try container.decode(UInt64.self, forKey: .fee),
                operationIDs: try container.decode([OperationID].self, forKey: .operationIDs),
                change: try container.decodeIfPresent(UInt64.self, forKey: .change),
                paymentPreimage: try container.decodeIfPresent(String.self, forKey: .paymentPreimage),
                claimedSends: try container.decodeIfPresent(Int.self, forKey: .claimedSends),
                unclaimedSends: try container.decodeIfPresent(Int.self, forKey: .unclaimedSends),
                settledMelts: try container.decodeIfPresent(Int.self, forKey: .settledMelts),
                foundInHistory: try container.decode(Bool.self, forKey: .foundInHistory))
            result.storedProofOfPayment = try container.decodeIfPresent(String.self, forKey: .storedProofOfPayment)
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(result.amount, forKey: .amount)
            try container.encode(result.fee, forKey: .fee)
            try container.encode(result.operationIDs, forKey: .operationIDs)
            try container.encodeIfPresent(result.change, forKey: .change)
            try container.encodeIfPresent(result.paymentPreimage, forKey: .paymentPreimage)
            try container.encodeIfPresent(result.claimedSends, forKey: .claimedSends)
            try container.encodeIfPresent(result.unclaimedSends, forKey: .unclaimedSends)
            try container.encodeIfPresent(result.settledMelts, forKey: .settledMelts)
            try container.encode(result.foundInHistory, forKey: .foundInHistory)
            try container.encodeIfPresent(result.storedProofOfPayment, forKey: .storedProofOfPayment)
        }
    }
}
