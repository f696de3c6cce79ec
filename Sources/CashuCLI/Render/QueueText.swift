// CLI: how operations of the offline queue are shown (receives, payments and checks waiting for their mint).

import CoreCashu
import LinuxCashu

enum QueueText {
    static func what(_ entry: QueuedEntry) -> String {
        let amount = entry.amount.map { amount in entry.unit.map { Amount.text(amount, $0) } ?? "\(amount)" }
        switch entry.kind {
        case .receive: return "receive" + (amount.map { " of \($0)" } ?? "")
        case .melt: return "payment" + (amount.map { " of \($0)" } ?? "")
        case .check: return "check of sent tokens"
        }
    }

    static func completed(_ entry: QueuedEntry) -> String {
        let done = entry.result.map { result in
            entry.unit.map { " (\(Amount.text(result.amount, $0)), fee \(Amount.text(result.fee, $0)))" } ?? ""
        } ?? ""
        return "Queued \(what(entry)) at \(entry.mintURL) completed\(done)."
    }

    static func failed(_ entry: QueuedEntry) -> String {
        "Queued \(what(entry)) at \(entry.mintURL) failed: \(Untrusted.display(entry.lastError ?? "refused"))."
    }

    static func waiting(_ entry: QueuedEntry) -> String {
        "Queued \(what(entry)) at \(entry.mintURL) still waits for the mint (\(entry.attempts) attempt(s))."
    }

    static func json(_ entry: QueuedEntry) -> JSONOutput {
        .object([
            ("id", .string(entry.id.rawValue)), ("kind", .string(entry.kind.rawValue)),
            ("mint", .string(entry.mintURL.rawValue)), ("state", .string(entry.state.rawValue)),
            ("amount", entry.amount.map { .number($0) } ?? .null), ("unit", .optional(entry.unit?.rawValue)),
            ("attempts", .int(entry.attempts)), ("error", .optional(entry.lastErrorCode)),
            ("received", entry.result.map { .number($0.amount) } ?? .null),
            ("fee", entry.result.map { .number($0.fee) } ?? .null),
        ])
    }
}
