// CLI: `cashu refresh` — one maintenance pass and exit (the systemd timer's job): recover unfinished operations,
// run the offline queue, mint paid quotes, settle pending melts and check sent tokens (NUT-07), move proofs off
// inactive or expiring keysets.

import ArgumentParser
import CoreCashu
import Foundation
import LinuxCashu

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

    @Flag(help: "Do nothing while `cashu daemon run` runs on this wallet (the timer's way).")
    var unlessService = false

    func run() async throws {
        // The timer may fire before the user made a wallet: nothing to do is not a failure.
        let directory = try global.walletDirectory()
        guard try await WalletContext.exists(global) else {
            Output(json: global.json).result(
                human: "No wallet in \(directory.url.path) yet; nothing to refresh.",
                json: .object([("wallet", false), ("dir", .string(directory.url.path))])
            )
            return
        }
        if unlessService && ServicePresence.isRunning(in: directory.url) {
            Output(json: global.json).result(
                human: "The wallet service runs (cashu daemon run); it refreshes by itself.",
                json: .object([("skipped", .string("service running")), ("dir", .string(directory.url.path))])
            )
            return
        }
        let failure = try await WalletContext.run(global, recover: false) { context in
            let pass = await RefreshPass.run(context)
            context.output.result(human: pass.human, json: pass.json)
            return pass.failures.first?.exitClass
        }
        if let failure { throw ExitCode(failure.rawValue) }
    }
}
