// CLI render: what a token holds (NUT-00) — amount, unit, mints, proofs, locks (NUT-10/11/14), DLEQ (NUT-12) —
// without its secrets.

import CoreCashu

/// A token described for `cashu decode`.
struct TokenSummary {
    let token: Token
    let format: String

    init(_ token: Token, encoded: String) {
        self.token = token
        let trimmed = encoded.drop { $0 == " " }
        let bare = trimmed.lowercased().hasPrefix("cashu:") ? trimmed.dropFirst(6) : trimmed
        format = String(bare.prefix(6))
    }

    /// The distinct spending conditions of the proofs; `nil` entries for plain secrets are dropped.
    var locks: [SpendingConditions] {
        var seen: [SpendingConditions] = []
        for proof in token.proofs {
            guard let conditions = try? SpendingConditions.parse(secret: proof.secret), !seen.contains(conditions)
            else { continue }
            seen.append(conditions)
        }
        return seen
    }

    var hasDLEQ: Bool { !token.proofs.isEmpty && token.proofs.allSatisfy { $0.dleq != nil } }

    func json() throws -> JSONOutput {
        let unit = token.unit ?? "sat"
        return .object([
            ("type", "token"), ("format", .string(format)), ("amount", .number(try total())), ("unit", .string(unit)),
            ("memo", .optional(token.memo)), ("proofs", .int(token.proofCount)), ("dleq", .bool(hasDLEQ)),
            (
                "mints",
                .array(
                    token.entries.map { entry in
                        .object([
                            ("mint", .string(entry.mint)),
                            ("amount", .number(entry.proofs.reduce(0) { $0 &+ $1.amount })),
                            ("proofs", .int(entry.proofs.count)),
                            (
                                "keysets",
                                .array(Array(Set(entry.proofs.map { $0.id.description })).sorted().map { .string($0) })
                            ),
                        ])
                    }
                )
            ),
            ("locks", .array(locks.map(Self.json))),
        ])
    }

    func human() throws -> String {
        let unit = token.unit ?? "sat"
        var lines = ["Cashu token (\(format)): \(Amount.text(try total(), unit)) in \(token.proofCount) proof(s)"]
        for entry in token.entries {
            lines.append(
                "  mint \(Untrusted.display(entry.mint)): "
                    + Amount.text(entry.proofs.reduce(0) { $0 &+ $1.amount }, unit)
            )
        }
        if let memo = token.memo { lines.append("  memo: \(Untrusted.display(memo))") }
        lines.append("  DLEQ proofs: \(hasDLEQ ? "yes (verifiable offline)" : "no")")
        for lock in locks { lines.append("  locked: \(Self.text(lock))") }
        return lines.joined(separator: "\n")
    }

    private func total() throws -> UInt64 {
        do { return try token.totalAmount() } catch {
            throw CLIError(.input, "the token's amounts overflow", code: "invalidInput")
        }
    }

    static func json(_ lock: SpendingConditions) -> JSONOutput {
        var fields: [(String, JSONOutput)] = [("kind", .string(lock.kind.rawValue))]
        if let main = lock.main {
            fields.append(("keys", .array(main.keys.map { .string($0.hex) })))
            fields.append(("signatures", .int(main.threshold)))
        }
        if let hash = lock.hashLock { fields.append(("hashLock", .string(Hex.encode(hash)))) }
        fields.append(("locktime", .optional(lock.locktime)))
        if let refund = lock.refund { fields.append(("refundKeys", .array(refund.keys.map { .string($0.hex) }))) }
        return .object(fields)
    }

    static func text(_ lock: SpendingConditions) -> String {
        var parts = [lock.kind.rawValue]
        if let main = lock.main {
            let keys = main.keys.map(\.hex).joined(separator: ", ")
            parts.append(main.keys.count > 1 ? "\(main.threshold) of [\(keys)]" : "to \(keys)")
        }
        if let hash = lock.hashLock { parts.append("hash \(Hex.encode(hash))") }
        if let locktime = lock.locktime { parts.append("until \(locktime) (unix time), then refundable") }
        return parts.joined(separator: " ")
    }
}
