// CLI: `cashu mints add URL` — trust a mint: fetch its info (NUT-06) and keysets; the first mint becomes the default.

import ArgumentParser
import CoreCashu

struct MintsAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a mint (or refresh a known one's info and keysets).",
        discussion: """
            Creates the wallet when the directory has none. The first mint added becomes the default. With --proxy or \
            --tor the mint is reached through that proxy from now on, whatever later commands say (e.g. an .onion \
            mint through Tor while the others stay direct).
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The mint's URL.", valueName: "url"))
    var url: String

    @Flag(name: .customLong("default"), help: "Make it the default mint.")
    var makeDefault = false

    func run() async throws {
        let url = try GlobalOptions.mintURL(url)
        let makeDefault = makeDefault
        let global = global
        try await WalletContext.run(global, .createIfMissing) { context in
            let known = try await context.wallet.mints().contains { $0.url == url }
            // Its own proxy, kept: set before adding, so the mint's first request already goes through it.
            let proxy = ProxyChoice.explicit(global)
            if let proxy { try await context.linux.setProxy(proxy, for: url) }
            let capabilities = try await context.wallet.addMint(url)
            let isDefault: Bool
            let current = try await context.wallet.defaultMint()
            if makeDefault || current == nil {
                try await context.wallet.setDefaultMint(url)
                isDefault = true
            } else {
                isDefault = current == url
            }
            var lines = ["\(known ? "Refreshed" : "Added") mint \(url)\(capabilities.name.map { " (\($0))" } ?? "")."]
            if let motd = capabilities.motd, !motd.isEmpty { lines.append("Message from the mint: \(motd)") }
            if isDefault { lines.append("It is the default mint.") }
            if let proxy { lines.append("It is reached through \(proxy).") }
            context.output.result(
                human: lines.joined(separator: "\n"),
                json: .object([
                    ("mint", .string(url.rawValue)), ("name", .optional(capabilities.name)),
                    ("added", .bool(!known)), ("default", .bool(isDefault)), ("motd", .optional(capabilities.motd)),
                    ("proxy", .optional(proxy?.description)),
                ])
            )
        }
    }
}
