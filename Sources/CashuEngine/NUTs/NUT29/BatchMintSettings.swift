// NUT-29 — Batched mint: the mint info settings under key `"29"`.

/// `{max_batch_size?, methods?}`.
package struct BatchMintSettings: Codable, Hashable, Sendable {
    /// The most quotes in one batch; when absent, handle error 11017.
    package var maxBatchSize: UInt64?
    /// The methods that can be batched; when absent, every NUT-04 method.
    package var methods: [String]?

    /// Creates settings.
    package init(maxBatchSize: UInt64? = nil, methods: [String]? = nil) {
        self.maxBatchSize = maxBatchSize
        self.methods = methods
    }

    enum CodingKeys: String, CodingKey {
        case methods
        case maxBatchSize = "max_batch_size"
    }

    /// Whether `method` can be batched.
    package func allows(method: String) -> Bool { methods?.contains(method) ?? true }
}
