// CLI: `cashu wallets` — the wallets kept side by side (`--wallet NAME`), each with its balance.

import ArgumentParser
import CoreCashu
import LinuxCashu

struct WalletsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wallets",
        abstract: "List your wallets (--wallet NAME picks one) with their spendable balance.",
        discussion: """
            The default wallet lives in --dir (env CASHU_DIR); every other one in --dir's wallets/NAME, with its own \
            recovery phrase and secrets (on PostgreSQL, its own schema). A wallet is made with \
            `cashu --wallet NAME wallet init` (or `restore`). --json prints {"wallets": [{"name", "current", \
            "directory", "exists", "balance", "error"}]}, balance in --unit over every mint.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let current = global.walletName()
        // The chosen name is checked here (exit 64 for a bad one) before any directory is read.
        _ = try global.walletDirectory()
        let names = try global.baseDirectory().walletNames()
        var table = TextTable(rightAligned: [2])
        var json: [JSONOutput] = []
        for name in names + (names.contains(current) ? [] : [current]) {
            var options = global
            options.wallet = name
            let directory = try options.walletDirectory()
            let exists = try await WalletContext.exists(options)
            var balance: UInt64?
            var problem: String?
            if exists {
                do {
                    balance = try await WalletContext.run(options, recover: false) { context in
                        try await context.wallet.balances()
                            .filter { $0.status == .unspent && $0.unit == context.global.currencyUnit }
                            .reduce(UInt64(0)) { $0 + $1.amount }
                    }
                } catch {
                    problem = CLIError.from(error).description
                }
            }
            let state =
                balance.map { Amount.text($0, global.currencyUnit) } ?? (exists ? "cannot open" : "no wallet yet")
            table.add([(name == current ? "* " : "  ") + name, directory.url.path, state])
            json.append(
                .object([
                    ("name", .string(name)), ("current", .bool(name == current)),
                    ("directory", .string(directory.url.path)), ("exists", .bool(exists)),
                    ("balance", .optional(balance)), ("error", .optional(problem)),
                ]))
            if let problem { Output(json: global.json).warn("wallet \(name): \(problem)") }
        }
        Output(json: global.json).result(human: table.rendered, json: .object([("wallets", .array(json))]))
    }
}
