// CLI: `cashu nostr relays remove URL…` — remove relays from the wallet's own list.

import ArgumentParser

struct NostrRelaysRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove relays from the wallet's own list (an empty list goes back to the defaults)."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Relay URLs.", valueName: "url"))
    var urls: [String]

    func run() async throws {
        let removed = try NostrRelaysAddCommand.parse(urls)
        try await WalletContext.run(global) { context in
            let relays = try await NostrRelaysAddCommand.stored(context)
            let unknown = removed.filter { !relays.contains($0) }
            guard unknown.isEmpty else {
                throw CLIError(
                    .input, "not in the wallet's relays: \(unknown.map(\.string).joined(separator: ", "))",
                    code: "unknownRelay")
            }
            let kept = relays.filter { !removed.contains($0) }
            try await NostrRelaysAddCommand.save(kept, context)
            context.output.result(
                human: kept.isEmpty
                    ? "The wallet has no relays of its own: the defaults are used."
                    : "The wallet's relays:\n" + kept.map { "  \($0)" }.joined(separator: "\n"),
                json: .object([("relays", .array(kept.map { .string($0.string) }))])
            )
        }
    }
}
