// CLI: `cashu refresh` — one maintenance pass and exit (the systemd timer's job): recover unfinished operations,
// mint paid quotes, settle pending melts and check sent tokens (NUT-07), move proofs off inactive or expiring keysets.

import ArgumentParser
import CoreCashu

struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "One maintenance pass: recover, mint paid invoices, settle payments, check tokens, rotate keysets.",
        discussion: """
            Made for the systemd timer (`cashu daemon install`). A mint that fails does not stop the pass for the \
            others; the exit code is that of the first failure (0 when every step succeeded).
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let failure = try await WalletContext.run(global, recover: false) { context in
            var pass = RefreshPass(context: context)
            await pass.run()
            context.output.result(human: pass.human, json: pass.json)
            return pass.failures.first?.error.exitClass
        }
        if let failure { throw ExitCode(failure.rawValue) }
    }
}
