// CLI: `cashu recover` — resume every unfinished operation (replay, NUT-07 check, NUT-09 restore) and report.

import ArgumentParser
import CoreCashu

struct RecoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "Resume unfinished operations (after a crash, Ctrl-C or a lost connection) and report.",
        discussion: """
            Every command does this quietly at start; this one reports. Exits 75 when some operation is still \
            pending (the mint unreachable, a payment in flight); the report lists them.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let report = try await WalletContext.run(global, recover: false) { context in
            let report = await context.wallet.recover()
            context.output.result(human: RecoveryText.human(report), json: RecoveryText.json(report))
            return report.unresolved.isEmpty
        }
        if !report { throw ExitCode(ExitClass.pending.rawValue) }
    }
}
