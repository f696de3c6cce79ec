// NUT-00 — Cryptography and models: splitting an amount into a keyset's denominations (outputs for NUT-03/04/05).

/// Splits amounts into the denominations a keyset offers, as output amounts in ascending order.
///
/// Denominations are the keyset's amounts (powers of two in practice). The split takes the largest denomination
/// first; with power-of-two denominations that include 1 it is the unique minimal split.
package enum AmountSplit {
    /// The default cap on the number of outputs one split may produce.
    package static let defaultMaximumOutputs = 1024

    /// The denominations 2^0 … 2^63.
    package static let powersOfTwo: [UInt64] = (0..<64).map { UInt64(1) << UInt64($0) }

    /// Splits `amount` into denominations.
    ///
    /// - Parameters:
    ///   - amount: the amount to split; 0 gives no outputs.
    ///   - denominations: the keyset's amounts (zero and duplicates are ignored).
    ///   - maximumOutputs: the most outputs allowed; counted before anything is allocated.
    /// - Returns: the output amounts, ascending (NUT-03 recommends ascending order for privacy).
    /// - Throws: ``KeysetError`` `.notRepresentable` when the denominations cannot make the amount this way,
    ///   `.tooManyOutputs` when the split needs more than `maximumOutputs` outputs.
    package static func split(
        _ amount: UInt64,
        denominations: [UInt64] = powersOfTwo,
        maximumOutputs: Int = defaultMaximumOutputs
    ) throws(KeysetError) -> [UInt64] {
        let limit = UInt64(max(0, maximumOutputs))
        let descending = Set(denominations).filter { $0 > 0 }.sorted(by: >)
        var remaining = amount
        var counts: [(UInt64, UInt64)] = []
        var total: UInt64 = 0
        for denomination in descending where remaining > 0 {
            let count = remaining / denomination
            guard count > 0 else { continue }
            total += count  // total ≤ amount, so no overflow
            guard total <= limit else {
                throw KeysetError(.tooManyOutputs, "split needs more than \(maximumOutputs) outputs")
            }
            remaining -= count * denomination
            counts.append((denomination, count))
        }
        guard remaining == 0 else {
            throw KeysetError(.notRepresentable, "amount \(amount) cannot be made from the keyset's denominations")
        }
        var result: [UInt64] = []
        result.reserveCapacity(Int(total))
        for (denomination, count) in counts.reversed() {
            result.append(contentsOf: repeatElement(denomination, count: Int(count)))
        }
        return result
    }

    /// Splits `total` into the amount to send (`target`) and the change, each split into denominations.
    ///
    /// - Returns: the send and change outputs, each ascending.
    /// - Throws: ``KeysetError`` `.insufficientAmount` when `target > total`, and the errors of
    ///   ``split(_:denominations:maximumOutputs:)``.
    package static func split(
        total: UInt64,
        target: UInt64,
        denominations: [UInt64] = powersOfTwo,
        maximumOutputs: Int = defaultMaximumOutputs
    ) throws(KeysetError) -> (send: [UInt64], change: [UInt64]) {
        guard target <= total else {
            throw KeysetError(.insufficientAmount, "target \(target) exceeds the total \(total)")
        }
        let list = Array(denominations)
        let send = try split(target, denominations: list, maximumOutputs: maximumOutputs)
        let change = try split(total - target, denominations: list, maximumOutputs: maximumOutputs - send.count)
        return (send, change)
    }

    /// The sum of `amounts`.
    ///
    /// - Throws: ``KeysetError`` `.overflow` when the sum does not fit in 64 bits.
    package static func sum(_ amounts: some Sequence<UInt64>) throws(KeysetError) -> UInt64 {
        var total: UInt64 = 0
        for amount in amounts {
            let (next, overflow) = total.addingReportingOverflow(amount)
            guard !overflow else { throw KeysetError(.overflow, "sum of amounts overflows 64 bits") }
            total = next
        }
        return total
    }
}
