// CLI: `cashu nostr relays add URL…` — add relays to the wallet's own list.

import ArgumentParser
import CashuNostr

struct NostrRelaysAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add relays to the wallet's own list (used instead of the defaults).",
        discussion: "The mint list backup is published to the new relays by the next `cashu refresh` or change."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("Relay URLs (ws:// or wss://).", valueName: "url"))
    var urls: [String]

    func run() async throws {
        let added = try NostrRelaysAddCommand.parse(urls)
        try await WalletContext.run(global) { context in
            var relays = try await NostrRelaysAddCommand.stored(context)
            for relay in added where !relays.contains(relay) { relays.append(relay) }
            try await NostrRelaysAddCommand.save(relays, context)
            context.output.result(
                human: "The wallet's relays:\n" + relays.map { "  \($0)" }.joined(separator: "\n"),
                json: .object([("relays", .array(relays.map { .string($0.string) }))])
            )
        }
    }

    static func parse(_ urls: [String]) throws -> [NostrRelayURL] {
        var relays: [NostrRelayURL] = []
        for url in urls {
            do { relays.append(try NostrRelayURL(url)) } catch {
                throw CLIError(.input, "\(url): \(CLIError.reason(error))", code: "invalidInput")
            }
        }
        return relays
    }

    static func stored(_ context: WalletContext) async throws -> [NostrRelayURL] {
        do { return try await context.linux.storedNostrRelays() } catch {
            throw CLIError(.storage, "cannot read the wallet store", code: "storage")
        }
    }

    static func save(_ relays: [NostrRelayURL], _ context: WalletContext) async throws {
        do { try await context.linux.setStoredNostrRelays(relays) } catch {
            throw CLIError(.storage, "cannot write the wallet store", code: "storage")
        }
    }
}
