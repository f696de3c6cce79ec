// CLI render: a lock (NUT-10/11/14, NUT-28) described for people — who can spend it now, and who after its locktime.

import CoreCashu
import Foundation

/// How `cashu decode` shows a proof's spending conditions.
enum LockText {
    /// Lines describing `lock`, judged at `now`: its kind and flag, who can spend now, and who after the locktime.
    static func lines(_ lock: SpendingConditions, blinded: Bool, now: UInt64) -> [String] {
        var head = "locked: \(lock.kind)"
        if lock.sigFlag == .sigAll { head += ", SIG_ALL (signatures cover the whole transaction)" }
        if blinded { head += ", keys blinded (NUT-28: the keys in the token are not the receiver's own)" }
        var lines = [head, "  spendable by: \(mainPathway(lock))"]
        guard let locktime = lock.locktime else {
            lines.append("  no locktime: only that, forever")
            return lines
        }
        let refund = lock.refund.map { "also " + pathway($0) } ?? "also anyone (no refund keys)"
        let when = DateText.short(Date(timeIntervalSince1970: TimeInterval(locktime)))
        if lock.isExpired(at: now) {
            lines.append("  locktime passed (\(when), unix \(locktime)): \(refund)")
        } else {
            lines.append("  after \(when) (unix \(locktime)): \(refund)")
        }
        return lines
    }

    /// The JSON object of a lock (`spendableBy`, `afterLocktime` in words, the keys and thresholds as data).
    static func json(_ lock: SpendingConditions, blinded: Bool, now: UInt64) -> JSONOutput {
        var fields: [(String, JSONOutput)] = [
            ("kind", .string(lock.kind.description)),
            ("sigFlag", .string(lock.sigFlag == .sigAll ? "SIG_ALL" : "SIG_INPUTS")),
            ("blinded", .bool(blinded)),
        ]
        if let main = lock.main {
            fields.append(("keys", .array(main.keys.map { .string($0.hex) })))
            fields.append(("signatures", .int(main.threshold)))
        }
        if let hash = lock.hashLock { fields.append(("hashLock", .string(Hex.encode(hash)))) }
        fields.append(("locktime", .optional(lock.locktime)))
        fields.append(("locktimePassed", .bool(lock.isExpired(at: now))))
        if let refund = lock.refund {
            fields.append(("refundKeys", .array(refund.keys.map { .string($0.hex) })))
            fields.append(("refundSignatures", .int(refund.threshold)))
        }
        fields.append(("spendableBy", .string(mainPathway(lock))))
        if lock.locktime != nil {
            fields.append(("afterLocktime", .string(lock.refund.map(pathway) ?? "anyone")))
        }
        return .object(fields)
    }

    /// Whether two blinded locks have the same shape (everything but their per-proof keys and nonce).
    static func sameShape(_ lhs: SpendingConditions, _ rhs: SpendingConditions) -> Bool {
        lhs.kind == rhs.kind && lhs.sigFlag == rhs.sigFlag && lhs.locktime == rhs.locktime
            && lhs.main?.keys.count == rhs.main?.keys.count && lhs.main?.threshold == rhs.main?.threshold
            && lhs.refund?.keys.count == rhs.refund?.keys.count && lhs.refund?.threshold == rhs.refund?.threshold
            && lhs.hashLock == rhs.hashLock
    }

    private static func mainPathway(_ lock: SpendingConditions) -> String {
        switch (lock.hashLock, lock.main) {
        case (let hash?, let main?): "the preimage of \(Hex.encode(hash)) and \(pathway(main))"
        case (let hash?, nil): "whoever has the preimage of \(Hex.encode(hash))"
        case (nil, let main?): pathway(main)
        case (nil, nil): "no one"
        }
    }

    private static func pathway(_ pathway: SignaturePathway) -> String {
        let keys = pathway.keys.map(\.hex)
        if keys.count == 1 { return "a signature of \(keys[0])" }
        return "signatures of \(pathway.threshold) of [\(keys.joined(separator: ", "))]"
    }
}
