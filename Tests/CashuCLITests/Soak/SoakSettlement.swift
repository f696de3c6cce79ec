// Soak (issue 17): the end of a soak — faults off, then `cashu recover`, `refresh` and `pending` on each wallet until
// nothing is unfinished, and sends whose token nobody saw (their command was killed) reclaimed.

import Foundation

/// Settles both wallets once the workers have stopped.
struct SoakSettlement: Sendable {
    var context: SoakContext

    /// What settling took and left.
    struct Result: Sendable {
        var rounds = 0
        /// What was still unfinished after the last round (empty when everything settled).
        var leftovers: [String] = []
        /// Sends with no token on the ledger (killed before it printed), and what reclaiming them gave back.
        var reclaimedSends = 0
        var reclaimedAmount: UInt64 = 0
    }

    func run(maximumRounds: Int = 12) async throws -> Result {
        var result = Result()
        result.leftovers = await settle(&result.rounds, maximumRounds)
        let known = Set(await context.ledger.tokens.compactMap(\.operation))
        for wallet in context.wallets {
            let sends = try await wallet.json("pending", "--offline").array("sends") ?? []
            let unknown = sends.compactMap { $0.string("operation") }.filter { !known.contains($0) }
            guard !unknown.isEmpty else { continue }
            let reclaimed = try await wallet.json(["pending", "--reclaim"] + unknown).array("reclaimed") ?? []
            result.reclaimedSends += reclaimed.count
            result.reclaimedAmount += reclaimed.compactMap { $0.uint("amount") }.reduce(0, +)
            await context.ledger.write("settle: \(wallet.name) reclaimed \(reclaimed.count) unseen sends")
        }
        if result.reclaimedSends > 0 { result.leftovers = await settle(&result.rounds, maximumRounds) }
        return result
    }

    /// Rounds of recover, refresh and pending on each wallet until one finds nothing unfinished.
    private func settle(_ rounds: inout Int, _ maximumRounds: Int) async -> [String] {
        var leftovers: [String] = []
        for round in 1...maximumRounds {
            rounds += 1
            leftovers = []
            for wallet in context.wallets { leftovers += await unfinished(wallet) }
            await context.ledger.write("settle round \(round): \(leftovers.isEmpty ? "clean" : "\(leftovers)")")
            if leftovers.isEmpty { break }
            try? await Task.sleep(for: .seconds(3))
        }
        return leftovers
    }

    /// One pass on `wallet`; what it left unfinished, described.
    private func unfinished(_ wallet: SoakWallet) async -> [String] {
        var left: [String] = []
        let recover = await wallet.run(["recover", "--json"]).outcome
        if recover.status != 0 { left.append("\(wallet.name): recover exit \(recover.status) \(recover.stdout)") }
        let refresh = await wallet.run(["refresh", "--json"]).outcome
        if refresh.status != 0 { left.append("\(wallet.name): refresh exit \(refresh.status) \(refresh.stdout)") }
        let pending = await wallet.run(["pending", "--json"]).outcome
        guard pending.status == 0, let object = pending.json else {
            return left + ["\(wallet.name): pending exit \(pending.status) \(pending.stderr)"]
        }
        for key in ["melts", "transfers", "queued"] where object.array(key)?.isEmpty == false {
            left.append("\(wallet.name): \(key) \(object.array(key) ?? [])")
        }
        let paidQuotes = (object.array("mintQuotes") ?? []).filter { $0.string("state") != "unpaid" }
        if !paidQuotes.isEmpty { left.append("\(wallet.name): mint quotes \(paidQuotes)") }
        return left
    }
}
