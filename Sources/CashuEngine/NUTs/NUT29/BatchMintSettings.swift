// NUT-29 — Batched mint: the mint info settings under key `"29"`.

/// `{max_batch_size?, methods?}`.
public struct BatchMintSettings: Codable, Hashable, Sendable {
    /// The most quotes in one batch; when absent, handle error 11017.
    public var maxBatchSize: UInt64?
    /// The methods that can be batched; when absent, every NUT-04 method.
    public var methods: [String]?

    /// Creates settings.
    public init(maxBatchSize: UInt64? = nil, methods: [String]? = nil) {
        self.maxBatchSize = maxBatchSize
        self.methods = methods
    }

    enum CodingKeys: String, CodingKey {
        case methods
        case maxBatchSize = "max_batch_size"
    }

    /// Whether `method` can be batched.
    public func allows(method: String) -> Bool { methods?.contains(method) ?? true }
}
