// CLI: `cashu npc claim [--service URL]` — mint what was paid to the wallet's npub.cash-style address.

import ArgumentParser
import CoreCashu
import LinuxCashu

struct NpcClaimCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "claim",
        abstract: "Mint what was paid to the wallet's Lightning address.",
        discussion: """
            Each paid quote is recorded before it is minted; interrupted, the next claim (or `cashu recover`) \
            finishes, and nothing is minted twice. Payments taken at a mint the wallet does not hold wait until \
            it is added (`cashu mints add URL`).
            """
    )

    @OptionGroup var global: GlobalOptions

    @OptionGroup var options: NpcServiceOption

    func run() async throws {
        let service = options.service
        try await WalletContext.run(global) { context in
            let claim = try await context.linux.claimNpubCash(service: service)
            let amount = claim.minted.reduce(UInt64(0)) { $0 + ($1.amount ?? 0) }
            var lines = [claim.minted.isEmpty ? "Nothing to claim." : "Claimed \(Amount.text(amount, .sat))."]
            for mint in claim.unknownMints {
                lines.append("Waiting: payments at \(Untrusted.display(mint)), a mint this wallet does not hold.")
            }
            context.output.result(
                human: lines.joined(separator: "\n"),
                json: .object([
                    ("amount", .number(amount)),
                    ("operations", .array(claim.minted.map { .string($0.id.description) })),
                    ("unknownMints", .array(claim.unknownMints.map { .string($0) })),
                ]))
        }
    }
}
