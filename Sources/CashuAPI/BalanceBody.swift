// Local API: what the wallet holds (`GET /v1/balance`).

import CoreCashu

/// The spendable balance per mint and unit, and each unit's total.
struct BalanceBody: Encodable, Sendable {
    struct Row: Encodable, Sendable {
        var mint: String
        var unit: String
        var amount: UInt64
    }

    var balances: [Row]
    var totals: [String: UInt64]

    init(_ balances: [ProofBalance]) {
        self.balances = balances.map { Row(mint: $0.mintURL.rawValue, unit: $0.unit.rawValue, amount: $0.amount) }
        var totals: [String: UInt64] = [:]
        for balance in balances { totals[balance.unit.rawValue, default: 0] &+= balance.amount }
        self.totals = totals
    }
}
