// Storage: a UInt64 sum that refuses to wrap, shared by every store's balances.

/// Sums amounts, throwing instead of wrapping past `UInt64.max`.
package struct AmountSum: Sendable {
    package private(set) var value: UInt64 = 0

    /// Adds an amount.
    /// - Throws: `StorageError` with code `overflow` when the sum passes `UInt64.max`.
    package mutating func add(_ amount: UInt64) throws(StorageError) {
        let (sum, overflow) = value.addingReportingOverflow(amount)
        guard !overflow else { throw StorageError(.overflow, "a balance exceeds UInt64.max") }
        value = sum
    }

    /// Rebuilds a sum from its high and low 32-bit halves summed apart (`high · 2^32 + low`), as SQL sums them.
    /// - Throws: `StorageError` with code `overflow` when the total passes `UInt64.max`.
    package static func combining(high: UInt64, low: UInt64) throws(StorageError) -> UInt64 {
        let (shifted, overflow) = high.multipliedReportingOverflow(by: 1 << 32)
        var sum = AmountSum(value: shifted)
        guard !overflow else { throw StorageError(.overflow, "a balance exceeds UInt64.max") }
        try sum.add(low)
        return sum.value
    }

    private init(value: UInt64) { self.value = value }
    package init() {}
}
