// CLI: `cashu refresh`'s report — LinuxWallet.refresh()'s outcome, for people and for --json.

import CoreCashu
import LinuxCashu

/// One maintenance pass over the wallet (``LinuxWallet/refresh()``) and how to show it.
struct RefreshPass {
    let report: RefreshReport

    /// Runs the pass.
    static func run(_ context: WalletContext) async -> RefreshPass {
        // Paid quotes minted in batches, resumed operations: their progress is drawn on a terminal.
        RefreshPass(report: await EventProgress.around(context.wallet, output: context.output) {
            await context.linux.refresh()
        })
    }

    /// The queued operations the pass finished, those their mint refused, and those still waiting.
    var completed: [QueuedEntry] { report.queue.filter { $0.state == .done } }
    var failed: [QueuedEntry] { report.queue.filter { $0.state == .failed } }
    var stillQueued: [QueuedEntry] { report.queue.filter { $0.state != .done && $0.state != .failed } }

    /// The failures, as the CLI reports errors (the first one gives the exit code).
    var failures: [CLIError] { report.failures.map { CLIError(wallet: $0.error) } }

    var json: JSONOutput {
        .object([
            ("recovered", RecoveryText.json(report.recovery)),
            ("mintsRefreshed", .array(report.refreshedMints.map { .string($0.rawValue) })),
            (
                "minted",
                .array(
                    report.minted.map { minted in
                        .object([
                            ("mint", .string(minted.mint.rawValue)), ("amount", .number(minted.amount ?? 0)),
                            ("unit", .string(minted.unit.rawValue)), ("operation", .string(minted.id.description)),
                        ])
                    }
                )
            ),
            ("tokensClaimed", .int(report.claimed)), ("tokensUnclaimed", .int(report.unclaimed)),
            ("meltsSettled", .int(report.settledMelts)),
            (
                "rotated",
                .array(
                    report.rotated.map { rotation in
                        .object([
                            ("mint", .string(rotation.mint.rawValue)), ("unit", .string(rotation.unit.rawValue)),
                            ("moved", .number(rotation.amount ?? 0)), ("fee", .number(rotation.fee ?? 0)),
                        ])
                    }
                )
            ),
            (
                "queue",
                .object([
                    ("completed", .array(completed.map(QueueText.json))),
                    ("failed", .array(failed.map(QueueText.json))),
                    ("stillQueued", .array(stillQueued.map(QueueText.json))),
                ])
            ),
            (
                "mintBackup",
                report.mintBackup.map {
                    .object([("published", .bool($0.isPublished)), ("summary", .string($0.description))])
                } ?? .null
            ),
            (
                "nostrPayments",
                .array(
                    (report.nostrPayments?.received ?? []).map { payment in
                        .object([
                            ("request", .optional(payment.requestID)), ("mint", .string(payment.mint)),
                            ("unit", .string(payment.unit)), ("amount", .number(payment.amount)),
                        ])
                    })
            ),
            (
                "errors",
                .array(
                    report.failures.map { failure in
                        let error = CLIError(wallet: failure.error)
                        return .object([
                            ("step", .string(failure.step)), ("mint", .optional(failure.mint?.rawValue)),
                            ("code", .string(error.code)), ("message", .string(error.message)),
                        ])
                    }
                )
            ),
        ])
    }

    var human: String {
        var lines: [String] = []
        if !report.recovery.resolved.isEmpty || !report.recovery.unresolved.isEmpty {
            lines.append(RecoveryText.human(report.recovery))
        }
        for entry in completed { lines.append(QueueText.completed(entry)) }
        for entry in failed { lines.append(QueueText.failed(entry)) }
        for entry in stillQueued { lines.append(QueueText.waiting(entry)) }
        for mint in report.refreshedMints { lines.append("Fetched \(mint)'s info and keysets again.") }
        for minted in report.minted {
            let amount = Amount.text(minted.amount ?? 0, minted.unit)
            lines.append("Minted \(amount) from a paid invoice at \(minted.mint).")
        }
        if report.claimed > 0 { lines.append("\(report.claimed) sent token(s) were claimed.") }
        if report.unclaimed > 0 { lines.append("\(report.unclaimed) sent token(s) not claimed yet (`cashu pending`).") }
        if report.settledMelts > 0 { lines.append("\(report.settledMelts) payment(s) in flight settled.") }
        for rotation in report.rotated {
            lines.append(
                "Moved \(Amount.text(rotation.amount ?? 0, rotation.unit)) at \(rotation.mint) to its current "
                    + "keyset (fee \(Amount.text(rotation.fee ?? 0, rotation.unit))).")
        }
        if let backup = report.mintBackup, !backup.isSkipped { lines.append("Mint list backup: \(backup).") }
        for payment in report.nostrPayments?.received ?? [] {
            lines.append(
                "Received \(Amount.text(payment.amount, CurrencyUnit(rawValue: payment.unit))) over Nostr"
                    + (payment.requestID.map { " for request \($0)" } ?? "") + ".")
        }
        for failure in report.failures {
            let error = CLIError(wallet: failure.error)
            lines.append("Failed \(failure.step)\(failure.mint.map { " at \($0)" } ?? ""): \(error.message)")
        }
        return lines.isEmpty ? "All up to date." : lines.joined(separator: "\n")
    }
}
