// CLI: `cashu nwc list` — the wallet's connections, their budgets and states (no secret, no network).

import ArgumentParser
import CashuNostr
import CoreCashu
import Foundation
import LinuxCashu

struct NWCListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the wallet's connections with their budgets (revoked ones too)."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            let summaries: [NWCConnectionSummary]
            do { summaries = try await context.linux.walletConnections() } catch {
                throw NWCArguments.error(error)
            }
            let now = Int64(Date().timeIntervalSince1970)
            var table = TextTable(header: ["ID", "Name", "Budget", "Spent", "Left", "Created", "State"])
            for summary in summaries {
                let record = summary.record
                let pending = summary.pendingPayments > 0 ? " (\(summary.pendingPayments) pending)" : ""
                table.add([
                    record.id, record.name, record.budget.map(NWCArguments.text) ?? "none", "\(summary.spentSats) sat",
                    summary.remainingSats.map { "\($0) sat" } ?? "-", DateText.short(Self.date(record.createdAt)),
                    summary.state(at: now) + pending,
                ])
            }
            let human =
                summaries.isEmpty
                ? "No wallet connections: make one with `cashu nwc add --budget SATS/daily`." : table.rendered
            context.output.result(
                human: human, json: .object([("connections", .array(summaries.map { Self.json($0, now: now) }))]))
        }
    }

    static func json(_ summary: NWCConnectionSummary, now: Int64) -> JSONOutput {
        let record = summary.record
        let budget: JSONOutput =
            record.budget.map { budget in
                .object([
                    ("limit", .number(budget.limitSats)), ("renewal", .string(NWCAddCommand.period(budget))),
                    ("spent", .number(summary.spentSats)), ("remaining", .optional(summary.remainingSats)),
                    ("renewsAt", summary.renewsAt.map { .date(date($0)) } ?? .null),
                ])
            } ?? .null
        return .object([
            ("id", .string(record.id)), ("name", .string(record.name)), ("state", .string(summary.state(at: now))),
            ("walletPubkey", .string(record.servicePublicKey.hex)),
            ("clientPubkey", .string(record.clientPublicKey.hex)),
            ("mint", .string(record.mint.rawValue)), ("relays", .array(record.relays.map { .string($0.string) })),
            ("methods", .array(record.methods.map { .string($0.rawValue) })), ("budget", budget),
            ("spent", .number(summary.spentSats)), ("pendingPayments", .int(summary.pendingPayments)),
            ("createdAt", .date(date(record.createdAt))),
            ("expiresAt", record.expiresAt.map { .date(date($0)) } ?? .null),
            ("revokedAt", record.revokedAt.map { .date(date($0)) } ?? .null),
        ])
    }

    static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
}
