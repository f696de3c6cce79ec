// Soak (issue 17): one worker loop — random `cashu` commands on the soak's wallets until the deadline, some of them
// SIGKILLed. Two of these run at once on the same wallet directory.

import Foundation

/// A loop of random operations; its random stream is its own, from the soak's seed.
struct SoakWorker: Sendable {
    var index: Int
    var context: SoakContext
    var random: SoakRandom
    /// The last command was refused for want of funds: mint next.
    private var broke = false

    init(index: Int, context: SoakContext, seed: UInt64) {
        self.index = index
        self.context = context
        random = SoakRandom(seed: seed, stream: UInt64(index + 1))
    }

    mutating func run() async {
        while ContinuousClock.now < context.deadline {
            let kind: SoakOperationKind =
                broke
                ? .mint
                : random.weighted([
                    (.mint, 15), (.send, 25), (.receive, 25), (.melt, 12), (.restore, 5), (.reclaim, 8),
                    (.refresh, 5),
                ])
            await perform(kind)
        }
    }

    private mutating func perform(_ kind: SoakOperationKind) async {
        let wallet = random.chance(0.8) ? context.shared : context.other
        let kill = SoakKill.random(using: &random)
        switch kind {
        case .mint:
            let amount = Int.random(in: 100...3000, using: &random)
            await command(.mint, wallet, ["mint", "\(amount)", "--timeout", "60", "--json"], kill: kill)
        case .send:
            let amount = UInt64.random(in: 1...800, using: &random)
            let fresh = random.chance(0.3) ? ["--fresh"] : []
            let ending = await command(.send, wallet, ["send", "\(amount)", "--json"] + fresh, kill: kill)
            // A killed send may still have printed its token: whatever it printed is in flight.
            if let object = ending.outcome.json, let token = object.string("token") {
                await context.ledger.add(
                    token: token, origin: wallet.name, operation: object.string("operation"), amount: amount)
            }
        case .receive:
            guard let token = await pickToken(reclaimable: false) else { return await perform(.send) }
            let receiver = random.chance(0.85) ? context.wallet(otherThan: token.origin) : wallet
            let ending = await command(.receive, receiver, ["receive", "--json"], stdin: token.token, kill: kill)
            if ending.outcome.status == 0, ending.outcome.json?.string("state") == "received" {
                await context.ledger.claimed(token.id)
            }
        case .melt:
            let amount = UInt64.random(in: 1...400, using: &random)
            guard let invoice = try? await context.payee.invoice(amount: amount) else { return }
            await command(.melt, wallet, ["pay", "--yes", invoice, "--json"], kill: kill)
        case .restore:
            let source = random.chance(0.7) ? context.shared : context.other
            let fresh = SoakWallet(
                name: "restore of \(source.name)",
                directory: context.disk.root.appendingPathComponent("restore-\(UUID().uuidString)"),
                store: context.store, label: "r")
            await command(
                .restore, fresh, ["restore", "--mint", context.mintURL, "--json"], stdin: source.phrase + "\n",
                kill: kill)
            try? FileManager.default.removeItem(at: fresh.directory)
            await context.store.drop(fresh.schema.map { [$0] } ?? [])
        case .reclaim:
            guard let token = await pickToken(reclaimable: true), let operation = token.operation else { return }
            let sender = context.wallet(named: token.origin)
            let ending = await command(.reclaim, sender, ["pending", "--reclaim", operation, "--json"], kill: kill)
            if ending.outcome.status == 0, ending.outcome.json?.array("reclaimed")?.isEmpty == false {
                await context.ledger.claimed(token.id)
            }
        case .refresh:
            await command(.refresh, wallet, ["refresh", "--json"], kill: kill)
        }
    }

    /// A token from the list: nine times in ten one not claimed yet (else any: a double spend to be refused).
    private mutating func pickToken(reclaimable: Bool) async -> SoakToken? {
        let tokens = await context.ledger.tokens.filter { !reclaimable || $0.operation != nil }
        let unclaimed = tokens.filter { $0.claims == 0 }
        let pool = random.chance(0.9) && !unclaimed.isEmpty ? unclaimed : tokens
        return pool.randomElement(using: &random)
    }

    @discardableResult
    private mutating func command(
        _ kind: SoakOperationKind, _ wallet: SoakWallet, _ arguments: [String], stdin: String? = nil, kill: SoakKill
    ) async -> SoakProcess.Ending {
        let ending = await wallet.run(arguments, stdin: stdin, kill: kill)
        let shown = arguments.filter { !$0.hasPrefix("lnbc") }.joined(separator: " ")
        await context.ledger.record(kind, "w\(index) \(wallet.name): \(shown)", kill: kill, ending)
        broke = !ending.killed && ending.outcome.status == 67
        return ending
    }
}
