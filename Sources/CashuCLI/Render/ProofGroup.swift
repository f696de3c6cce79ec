// CLI: `cashu proofs`' lines — the wallet's proofs grouped by mint, unit, keyset, amount and state.

import CoreCashu

/// Proofs of one mint, unit, keyset, amount and state, counted.
struct ProofGroup: Equatable {
    var mint: MintURL
    var unit: CurrencyUnit
    var keyset: String
    var amount: UInt64
    var state: ProofStatus
    var count: Int

    /// The groups of `proofs`, by mint, unit, keyset, state, then amount.
    static func groups(_ proofs: [StoredProof]) -> [ProofGroup] {
        var counts: [String: ProofGroup] = [:]
        for stored in proofs {
            let keyset = "\(stored.proof.id)"
            let key = "\(stored.mintURL.rawValue)\n\(stored.unit.rawValue)\n\(keyset)\n\(stored.status.rawValue)\n"
                + "\(stored.proof.amount)"
            counts[key, default: ProofGroup(
                mint: stored.mintURL, unit: stored.unit, keyset: keyset, amount: stored.proof.amount,
                state: stored.status, count: 0)].count += 1
        }
        return counts.values.sorted {
            ($0.mint.rawValue, $0.unit.rawValue, $0.keyset, $0.state.rawValue, $0.amount)
                < ($1.mint.rawValue, $1.unit.rawValue, $1.keyset, $1.state.rawValue, $1.amount)
        }
    }

    var json: JSONOutput {
        .object([
            ("mint", .string(mint.rawValue)), ("unit", .string(unit.rawValue)), ("keyset", .string(keyset)),
            ("amount", .number(amount)), ("state", .string(state.rawValue)), ("count", .number(UInt64(count))),
        ])
    }
}
