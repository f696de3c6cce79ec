// CLI: `cashu nostr backup` — publish the mint list backup now (NUT-27), or turn it on or off.

import ArgumentParser
import LinuxCashu

struct NostrBackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Publish the mint list backup to the relays now, or turn the automatic backup on or off.",
        discussion: """
            The backup is a NUT-27 event: the list of mint URLs, encrypted (NIP-44) to a key derived from the \
            recovery phrase, so only the phrase reads it. No amounts or ecash are in it. It is on by default.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .customLong("enable"), help: "Turn the automatic backup on (and publish now).")
    var enable = false

    @Flag(name: .customLong("disable"), help: "Turn the automatic backup off (nothing is published).")
    var disable = false

    func validate() throws {
        guard !(enable && disable) else { throw ValidationError("--enable and --disable exclude each other") }
    }

    func run() async throws {
        let enable = enable
        let disable = disable
        try await WalletContext.run(global) { context in
            if enable || disable {
                do { try await context.linux.setMintBackupEnabled(enable) } catch {
                    throw CLIError(.storage, "cannot write the wallet store", code: "storage")
                }
            }
            if disable {
                context.output.result(
                    human: "The mint list backup is off; the relays keep the last one published.",
                    json: .object([("enabled", .bool(false))]))
                return
            }
            let report = await context.linux.backUpMintList(force: true)
            let outcomes: [(String, JSONOutput)] = report.relays.sorted { $0.key < $1.key }.map {
                ($0.key.string, .string($0.value))
            }
            let fields: [(String, JSONOutput)] = [
                ("published", .bool(report.isPublished)), ("summary", .string(report.description)),
                ("relays", .object(outcomes)),
            ]
            guard report.isPublished else {
                throw CLIError(.mintUnreachable, "mint list \(report)", code: "nostrBackupFailed", extra: fields)
            }
            context.output.result(human: "Mint list \(report).", json: .object(fields))
        }
    }
}
