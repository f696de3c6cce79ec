// CLI: `cashu nwc add` — a new NIP-47 connection: fresh keys, its permissions, budget, relays and mint; the
// connection string printed once (the wallet keeps no copy of its secret).

import ArgumentParser
import CashuNostr
import CoreCashu
import Foundation
import LinuxCashu

struct NWCAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Make a connection for one app and print its connection string (once).",
        discussion: """
            Prints nostr+walletconnect://… on stdout (and as a QR code on a terminal's stderr): give it to the app, \
            and keep it secret — anyone holding it can spend within the budget. The wallet keeps no copy of the \
            string's secret; if it is lost, revoke the connection and add another. The connection pays from \
            --mint (default: the wallet's default mint) and is served on --relay (default: the wallet's relays, \
            `cashu nostr relays`). Without --budget it may spend the whole balance of its mint.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("A name for the connection (the app's).", valueName: "name"))
    var name = "Wallet Connect"

    @Option(
        help: ArgumentHelp(
            "The most it may spend, fees included: SATS/daily, /weekly, /monthly, /yearly or /total.",
            valueName: "sats/period"))
    var budget: String?

    @Option(
        help: ArgumentHelp(
            "What it may do (comma-separated; default all): "
                + NWCMethod.walletServiceMethods.map(\.rawValue).joined(separator: ","),
            valueName: "methods"))
    var methods: String?

    @Option(name: .customLong("relay"), help: ArgumentHelp("A relay to serve it on (repeatable).", valueName: "url"))
    var relays: [String] = []

    @Option(help: ArgumentHelp("When it stops working: 30d, 12h, 2w (default never).", valueName: "duration"))
    var expires: String?

    func validate() throws {
        if let budget, NWCArguments.budget(budget) == nil {
            throw ValidationError("--budget takes SATS/daily, SATS/weekly, SATS/monthly, SATS/yearly or SATS/total")
        }
        if let methods, case .failure(let unknown) = NWCArguments.methods(methods) {
            throw ValidationError("--methods: \(unknown.name) is not a method this wallet serves")
        }
        if let methods, (try? NWCArguments.methods(methods).get())?.isEmpty ?? true {
            throw ValidationError("--methods names no method")
        }
        if let expires, DurationArgument.seconds(expires) == nil {
            throw ValidationError("--expires takes a duration such as 30d or 12h")
        }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= 64, !trimmed.contains(where: \.isNewline) else {
            throw ValidationError("--name takes one line of at most 64 characters")
        }
    }

    func run() async throws {
        guard global.currencyUnit == .sat else {
            throw CLIError(.usage, "wallet connections pay and invoice in sat (--unit sat)", code: "usage")
        }
        let relayURLs = try NostrRelaysAddCommand.parse(relays)
        let chosenMethods = try methods.map { try NWCArguments.methods($0).get() } ?? NWCMethod.walletServiceMethods
        let chosenBudget = budget.flatMap(NWCArguments.budget)
        let now = Int64(Date().timeIntervalSince1970)
        let expiresAt = expires.flatMap(DurationArgument.seconds).map { now + Int64(clamping: $0) }
        let connectionName = name.trimmingCharacters(in: .whitespacesAndNewlines)
        try await WalletContext.run(global) { context in
            let mint = try await context.mint()
            let made: (connection: WalletConnection, uri: NWCConnectionURI)
            do {
                made = try await context.linux.addWalletConnection(
                    name: connectionName, mint: mint, relays: relayURLs.isEmpty ? nil : relayURLs,
                    methods: chosenMethods, budget: chosenBudget, expiresAt: expiresAt)
            } catch {
                throw NWCArguments.error(error)
            }
            let record = made.connection
            let uri = made.uri.uriString
            if record.budget == nil {
                context.output.warn("connection \(record.id) has no budget: it may spend the mint's whole balance")
            }
            let budgetJSON: JSONOutput =
                record.budget.map { .object([("limit", .number($0.limitSats)), ("renewal", .string(Self.period($0)))]) }
                ?? .null
            context.output.result(
                human: uri,
                json: .object([
                    ("id", .string(record.id)), ("name", .string(record.name)), ("uri", .string(uri)),
                    ("walletPubkey", .string(record.servicePublicKey.hex)), ("mint", .string(record.mint.rawValue)),
                    ("relays", .array(record.relays.map { .string($0.string) })),
                    ("methods", .array(record.methods.map { .string($0.rawValue) })), ("budget", budgetJSON),
                    ("createdAt", .date(NWCListCommand.date(record.createdAt))),
                    ("expiresAt", record.expiresAt.map { .date(NWCListCommand.date($0)) } ?? .null),
                ]))
            await QRDisplay.show(uri, caption: "Wallet connection string", output: context.output)
            let limit = record.budget.map(NWCArguments.text) ?? "no budget: up to the mint's whole balance"
            context.output.note(
                "Connection \(record.id) (\"\(record.name)\") pays from \(record.mint), \(limit). The string above is "
                    + "shown once and holds its secret: give it to the app only. Served by `cashu daemon run`, or "
                    + "`cashu nwc serve`; stop it with `cashu nwc revoke \(record.id)`.")
        }
    }

    /// The period as `--budget` names it.
    static func period(_ budget: NWCBudget) -> String {
        budget.renewal == .never ? "total" : budget.renewal.rawValue
    }
}
