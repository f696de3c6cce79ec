// Soak (issue 17): the sums at the end — each wallet's balance, the tokens still in flight that the mint has not
// seen spent, and the mint's liabilities from its own database — and a restore of each wallet's phrase.

import CashuTestSupport
import CoreCashu
import Foundation

/// The books after settling: the mint's liabilities must equal what the wallets hold plus what is in flight.
struct SoakAccounting: Sendable {
    /// A wallet's phrase restored into a fresh directory, against what it should find.
    struct Restore: Sendable {
        var name: String
        var found: UInt64
        /// The wallet's balance plus its own tokens still in flight (the proofs its seed derived, unspent).
        var expected: UInt64
    }

    var balances: [(name: String, sat: UInt64)] = []
    var tokens = 0
    var unspentTokens = 0
    /// Per sending wallet, the value of its tokens whose proofs the mint has not seen spent.
    var inFlight: [String: UInt64] = [:]
    var liabilities: Int64 = 0
    var restores: [Restore] = []
    /// Tokens received or reclaimed successfully more than once (a double spend).
    var doubleClaims = 0

    var held: UInt64 { balances.reduce(0) { $0 + $1.sat } + inFlight.values.reduce(0, +) }
    /// What the mint owes that no wallet holds or has in flight (positive: sats lost).
    var lost: Int64 { liabilities - Int64(held) }

    static func take(_ context: SoakContext, mint: TestMint) async throws -> SoakAccounting {
        var books = SoakAccounting()
        for wallet in context.wallets { books.balances.append((wallet.name, try await wallet.balance())) }
        let tokens = await context.ledger.tokens
        books.tokens = tokens.count
        books.doubleClaims = tokens.filter { $0.claims > 1 }.count
        let decoded = try tokens.map { ($0, try TokenDecoder.decode($0.token).entries.flatMap(\.proofs)) }
        let spent = try await mint.spentOrPendingSecrets(among: decoded.flatMap { $0.1.map(\.secret) })
        for (token, proofs) in decoded {
            let unspent = proofs.filter { !spent.contains($0.secret) }.reduce(0) { $0 + $1.amount }
            if unspent > 0 { books.unspentTokens += 1 }
            books.inFlight[token.origin, default: 0] += unspent
        }
        books.liabilities = try await mint.liabilities()
        for wallet in context.wallets {
            let fresh = SoakWallet(
                name: "restore of \(wallet.name)",
                directory: context.disk.root.appendingPathComponent("final-restore-\(wallet.name)"),
                store: context.store, label: "f\(wallet.name)")
            try await fresh.json("restore", "--mint", context.mintURL, stdin: wallet.phrase + "\n")
            let balance = books.balances.first { $0.name == wallet.name }?.sat ?? 0
            let expected = balance + books.inFlight[wallet.name, default: 0]
            books.restores.append(Restore(name: wallet.name, found: try await fresh.balance(), expected: expected))
        }
        return books
    }
}
