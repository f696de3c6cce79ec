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
        let proof = entry.result?.proofOfPayment.map { " " + ProofOfPaymentText.sentence($0) } ?? ""
        return "Queued \(what(entry)) at \(entry.mintURL) completed\(done).\(proof)"
    }

    static func failed(_ entry: QueuedEntry) -> String {
        "Queued \(what(entry)) at \(entry.mintURL) failed: \(Untrusted.display(entry.lastError ?? "refused"))."
    }

    static func waiting(_ entry: QueuedEntry) -> String {
        "Queued \(what(entry)) at \(entry.mintURL) still waits for the mint (\(entry.attempts) attempt(s))."
    }

    /// The result line of a command that queued an operation: why it did not finish, and what happens next.
    /// - Parameters:
    ///   - mint: the mint the operation waits for.
    ///   - reason: why (the entry's last error, or the failure that made the command queue it).
    ///   - outcome: what is kept and done later, e.g. "the token is kept in the wallet and received".
    static func queued(at mint: MintURL, reason: QueueWaitReason, outcome: String) -> String {
        let url = Untrusted.display(mint.rawValue)
        let detail = Untrusted.display(reason.detail)
        let next = "(`cashu refresh`, or the timer; `cashu pending` lists it)"
        switch reason.code {
        case WalletError.Code.mintUnreachable.description:
            // The engine says "the mint cannot be reached (connection refused)": name the mint in it.
            let prefix = "the mint "
            let cause =
                detail.hasPrefix(prefix)
                ? prefix + url + " " + detail.dropFirst(prefix.count)
                : "the mint \(url) cannot be reached (\(detail))"
            return "Queued: \(cause); \(outcome) when the mint is back \(next)."
        case WalletError.Code.pending.description:
            return "Queued: an operation at \(url) is not settled yet (\(detail)); \(outcome) once it is "
                + "\(next)."
        case QueueWaitReason.notStarted:
            return "Queued: an earlier queued operation at \(url) is unfinished (or another cashu process runs this "
                + "one); \(outcome) after it \(next)."
        default:
            return "Queued: it could not finish at \(url) now (\(reason.code): \(detail)); \(outcome) on a later "
                + "try \(next)."
        }
    }

    /// The `reason` and `detail` fields of a queued result.
    static func reasonFields(_ reason: QueueWaitReason) -> [(String, JSONOutput)] {
        [("reason", .string(reason.code)), ("detail", .string(reason.detail))]
    }

    /// An entry's kind in `--json` output: `receive`, `melt` or `check`.
    static func name(_ kind: QueuedOperationKind) -> String {
        switch kind {
        case .receive: "receive"
        case .melt: "melt"
        case .check: "check"
        }
    }

    /// An entry's state in `--json` output: `queued`, `running`, `done` or `failed`.
    static func name(_ state: QueuedOperationState) -> String {
        switch state {
        case .queued: "queued"
        case .running: "running"
        case .done: "done"
        case .failed: "failed"
        }
    }

    static func json(_ entry: QueuedEntry) -> JSONOutput {
        .object([
            ("id", .string(entry.id.description)), ("kind", .string(name(entry.kind))),
            ("mint", .string(entry.mintURL.rawValue)), ("state", .string(name(entry.state))),
            ("amount", entry.amount.map { .number($0) } ?? .null), ("unit", .optional(entry.unit?.rawValue)),
            ("attempts", .int(entry.attempts)), ("error", .optional(entry.lastErrorCode)),
            ("received", entry.result.map { .number($0.amount) } ?? .null),
            ("fee", entry.result.map { .number($0.fee) } ?? .null),
            ("proofOfPayment", .optional(entry.result?.proofOfPayment.map(ProofOfPaymentText.name))),
        ])
    }
}
