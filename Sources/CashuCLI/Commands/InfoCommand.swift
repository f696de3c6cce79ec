// CLI: `cashu info` — the wallet (directory, secure store, default mint) and its mints' cached info (NUT-06).

import ArgumentParser
import CoreCashu

struct InfoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show the wallet and its mints (from the wallet's cache; `cashu mints add URL` refreshes a mint)."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            let defaultMint = try await context.wallet.defaultMint()
            var mints: [(MintURL, MintCapabilities, UInt64)] = []
            for mint in try await context.wallet.mints() {
                let filter = try context.global.explicitMint()
                guard filter == nil || filter == mint.url else { continue }
                let capabilities = try await context.wallet.capabilities(of: mint.url)
                let balance = try await context.wallet.balance(mint: mint.url, unit: context.global.currencyUnit)
                mints.append((mint.url, capabilities, balance))
            }
            var lines = [
                "cashu \(CLIVersion.current)", "Wallet: \(context.directory.url.path)",
                "Secure store: \(context.linux.secrets.kind.description)",
                "Default mint: \(defaultMint?.rawValue ?? "none")",
            ]
            for (url, capabilities, balance) in mints {
                lines.append("")
                lines.append("Mint \(url)\(url == defaultMint ? " (default)" : "")")
                if let name = capabilities.name { lines.append("  name: \(Untrusted.display(name))") }
                if let version = capabilities.version { lines.append("  software: \(Untrusted.display(version))") }
                if let motd = capabilities.motd, !motd.isEmpty { lines.append("  message: \(Untrusted.display(motd))") }
                lines.append("  NUTs: \(capabilities.supportedNUTs.map(String.init).joined(separator: ", "))")
                let minting = capabilities.mintMethods.map { "\($0.method)/\($0.unit.rawValue)" }.joined(
                    separator: ", "
                )
                let melting = capabilities.meltMethods.map { "\($0.method)/\($0.unit.rawValue)" }.joined(
                    separator: ", "
                )
                lines.append("  mint: \(capabilities.mintDisabled ? "disabled" : minting.isEmpty ? "-" : minting)")
                lines.append("  melt: \(capabilities.meltDisabled ? "disabled" : melting.isEmpty ? "-" : melting)")
                lines.append("  balance: \(Amount.text(balance, context.global.currencyUnit))")
            }
            context.output.result(
                human: lines.joined(separator: "\n"),
                json: .object([
                    ("version", .string(CLIVersion.current)), ("dir", .string(context.directory.url.path)),
                    ("secureStore", .string(context.linux.secrets.kind.description)),
                    ("defaultMint", .optional(defaultMint?.rawValue)),
                    (
                        "mints",
                        .array(
                            mints.map { url, capabilities, balance in
                                .object([
                                    ("url", .string(url.rawValue)), ("name", .optional(capabilities.name)),
                                    ("version", .optional(capabilities.version)),
                                    ("motd", .optional(capabilities.motd)),
                                    ("nuts", .array(capabilities.supportedNUTs.map { .int($0) })),
                                    ("balance", .number(balance)),
                                    ("unit", .string(context.global.currencyUnit.rawValue)),
                                ])
                            }
                        )
                    ),
                ])
            )
        }
    }
}
