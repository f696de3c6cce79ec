// CLI render: a recovery pass's report (which unfinished operations were settled, which stay pending).

import CoreCashu

/// Describes a ``RecoveryReport``.
enum RecoveryText {
    static func json(_ report: RecoveryReport) -> JSONOutput {
        .object([
            ("resolved", .array(report.resolved.map { .string($0.description) })),
            (
                "unresolved",
                .array(
                    report.unresolved.map { id, error in
                        .object([
                            ("operation", .string(id.description)), ("code", .string(error.code.description)),
                            ("message", .string(CLIError.oneLine(error.reason))),
                        ])
                    }
                )
            ),
            ("releasedOrphans", .int(report.releasedOrphans)),
        ])
    }

    static func human(_ report: RecoveryReport) -> String {
        if report.resolved.isEmpty && report.unresolved.isEmpty && report.releasedOrphans == 0 {
            return "Nothing to recover: no unfinished operations."
        }
        var lines: [String] = []
        if !report.resolved.isEmpty { lines.append("Settled \(report.resolved.count) unfinished operation(s).") }
        if report.releasedOrphans > 0 {
            lines.append("Returned \(report.releasedOrphans) stray reserved proof(s) to the balance.")
        }
        if !report.unresolved.isEmpty {
            lines.append("\(report.unresolved.count) operation(s) still pending (retry later with `cashu recover`):")
            for (id, error) in report.unresolved { lines.append("  \(id): \(CLIError.oneLine(error.reason))") }
        }
        return lines.joined(separator: "\n")
    }
}
