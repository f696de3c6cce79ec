// Wallet: chooses output amounts so the wallet keeps a spread of denominations (fewer swaps for later sends).

/// Splits amounts into a keyset's denominations.
///
/// ``split(_:holdings:)`` first tops up small denominations the wallet holds fewer than `target` of, then splits the
/// rest into the fewest outputs. Sends use ``exact(_:)``: the receiver gets the fewest proofs.
struct DenominationPlanner: Sendable {
    /// The keyset's amounts, ascending.
    let denominations: [UInt64]
    /// How many proofs of each denomination to keep.
    let target: Int
    /// The most outputs one request may carry.
    let maxOutputs: Int

    /// The same planner for the outputs left in a request once `count` are taken (the change beside a send's outputs).
    func leaving(_ count: Int) -> DenominationPlanner {
        DenominationPlanner(denominations: denominations, target: target, maxOutputs: max(0, maxOutputs - count))
    }

    /// The fewest outputs that make `amount`, ascending.
    func exact(_ amount: UInt64) throws(WalletError) -> [UInt64] {
        try Self.split(amount, denominations: denominations, maximumOutputs: maxOutputs)
    }

    /// Outputs that make `amount`, topping up denominations the wallet is short of, ascending.
    func split(_ amount: UInt64, holdings: [UInt64: Int]) throws(WalletError) -> [UInt64] {
        var remaining = amount
        var result: [UInt64] = []
        for denomination in denominations where denomination > 0 {
            var have = holdings[denomination] ?? 0
            while have < target && remaining >= denomination && result.count < maxOutputs / 2 {
                result.append(denomination)
                remaining -= denomination
                have += 1
            }
        }
        // Top-ups are a preference: when they leave too few outputs for the rest (a mint with a small array limit),
        // the fewest outputs win.
        let left = maxOutputs - result.count
        guard let rest = try? Self.split(remaining, denominations: denominations, maximumOutputs: left) else {
            return try exact(amount)
        }
        return (result + rest).sorted()
    }

    private static func split(_ amount: UInt64, denominations: [UInt64], maximumOutputs: Int) throws(WalletError)
        -> [UInt64]
    {
        do {
            return try AmountSplit.split(amount, denominations: denominations, maximumOutputs: maximumOutputs).sorted()
        } catch {
            throw WalletError(
                .unsupported, "\(amount) cannot be made from the keyset's denominations in \(maximumOutputs) outputs",
                underlying: error)
        }
    }
}
