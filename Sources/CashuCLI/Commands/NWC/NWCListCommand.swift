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
            let connections: [WalletConnection]
            do { connections = try await context.linux.walletConnections() } catch {
                throw NWCArguments.error(error)
            }
            let now = Int64(Date().timeIntervalSince1970)
            var table = TextTable(header: ["ID", "Name", "Budget", "Spent", "Left", "Created", "State"])
            for connection in connections {
                let pending = connection.pendingPayments > 0 ? " (\(connection.pendingPayments) pending)" : ""
                table.add([
                    connection.id, connection.name, connection.budget.map(NWCArguments.text) ?? "none",
                    "\(connection.spentSats) sat", connection.remainingSats.map { "\($0) sat" } ?? "-",
                    DateText.short(Self.date(connection.createdAt)), connection.state(at: now) + pending,
                ])
            }
            let human =
                connections.isEmpty
                ? "No wallet connections: make one with `cashu nwc add --budget SATS/daily`." : table.rendered
            context.output.result(
                human: human, json: .object([("connections", .array(connections.map { Self.json($0, now: now) }))]))
        }
    }

    static func json(_ connection: WalletConnection, now: Int64) -> JSONOutput {
        let budget: JSONOutput =
            connection.budget.map { budget in
                .object([
                    ("limit", .number(budget.limitSats)), ("renewal", .string(NWCAddCommand.period(budget))),
                    ("spent", .number(connection.spentSats)), ("remaining", .optional(connection.remainingSats)),
                    ("renewsAt", connection.renewsAt.map { .date(date($0)) } ?? .null),
                ])
            } ?? .null
        return .object([
            ("id", .string(connection.id)), ("name", .string(connection.name)),
            ("state", .string(connection.state(at: now))),
            ("walletPubkey", .string(connection.servicePublicKey.hex)),
            ("clientPubkey", .string(connection.clientPublicKey.hex)),
            ("mint", .string(connection.mint.rawValue)),
            ("relays", .array(connection.relays.map { .string($0.string) })),
            ("methods", .array(connection.methods.map { .string($0.rawValue) })), ("budget", budget),
            ("spent", .number(connection.spentSats)), ("pendingPayments", .int(connection.pendingPayments)),
            ("createdAt", .date(date(connection.createdAt))),
            ("expiresAt", connection.expiresAt.map { .date(date($0)) } ?? .null),
            ("revokedAt", connection.revokedAt.map { .date(date($0)) } ?? .null),
        ])
    }

    static func date(_ seconds: Int64) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
}
