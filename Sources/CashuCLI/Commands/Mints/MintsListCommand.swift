// CLI: `cashu mints list` — the wallet's mints with name, balance in --unit and which is the default (no network).

import ArgumentParser
import CoreCashu

struct MintsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the wallet's mints."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            let mints = try await context.wallet.mints()
            let defaultMint = try await context.wallet.defaultMint()
            let unit = context.global.currencyUnit
            let routed = mints.contains { context.linux.proxy(for: $0.url) != nil }
            var table = TextTable(
                header: ["", "Mint", "Name", "Balance"] + (routed ? ["Proxy"] : []), rightAligned: [3])
            var items: [JSONOutput] = []
            for mint in mints {
                let name = try await context.wallet.capabilities(of: mint.url).name
                let balance = try await context.wallet.balance(mint: mint.url, unit: unit)
                let isDefault = mint.url == defaultMint
                let proxy = context.linux.proxy(for: mint.url)
                table.add(
                    [isDefault ? "*" : "", mint.url.rawValue, name ?? "", Amount.text(balance, unit)]
                        + (routed ? [proxy?.description ?? "direct"] : []))
                items.append(
                    .object([
                        ("url", .string(mint.url.rawValue)), ("name", .optional(name)), ("default", .bool(isDefault)),
                        ("balance", .number(balance)), ("unit", .string(unit.rawValue)),
                        ("added", .date(mint.addedAt)), ("proxy", .optional(proxy?.description)),
                    ])
                )
            }
            let human =
                mints.isEmpty ? "No mints yet: add one with `cashu mints add URL`." : table.rendered + "\n(* default)"
            context.output.result(
                human: human,
                json: .object([("default", .optional(defaultMint?.rawValue)), ("mints", .array(items))])
            )
        }
    }
}
