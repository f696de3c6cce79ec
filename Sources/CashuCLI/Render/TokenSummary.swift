// CLI render: what a token holds (NUT-00) — amount, unit, mints, proofs, locks (NUT-10/11/14), DLEQ (NUT-12) —
// without its secrets.

import CoreCashu
import Foundation

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

    /// The distinct spending conditions of the proofs, each with whether its keys are blinded (NUT-28 `p2pk_e`);
    /// plain secrets are dropped, and blinded locks (their keys differ per proof) shown once per shape.
    var locks: [(conditions: SpendingConditions, blinded: Bool)] {
        var seen: [(conditions: SpendingConditions, blinded: Bool)] = []
        for proof in token.proofs {
            guard let conditions = try? SpendingConditions.parse(secret: proof.secret) else { continue }
            let blinded = proof.p2pkE != nil
            let duplicate = seen.contains { known in
                known.blinded == blinded
                    && (blinded ? LockText.sameShape(known.conditions, conditions) : known.conditions == conditions)
            }
            if !duplicate { seen.append((conditions, blinded)) }
        }
        return seen
    }

    /// The time locks are judged at.
    var now: UInt64 { UInt64(max(0, Date().timeIntervalSince1970)) }

    var hasDLEQ: Bool { !token.proofs.isEmpty && token.proofs.allSatisfy(\.hasDLEQ) }

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
            ("locks", .array(locks.map { LockText.json($0.conditions, blinded: $0.blinded, now: now) })),
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
        for lock in locks {
            lines += LockText.lines(lock.conditions, blinded: lock.blinded, now: now).map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    private func total() throws -> UInt64 {
        do { return try token.totalAmount() } catch {
            throw CLIError(.input, "the token's amounts overflow", code: "invalidInput")
        }
    }

}
