// CLI: the lock options of `cashu send` (NUT-11 P2PK, NUT-14 HTLC, NUT-28 P2BK) turned into the engine's lock.

import CoreCashu
import Foundation

/// What `--lock`, `--n-sigs`, `--locktime`, `--refund`, `--n-sigs-refund`, `--sig-all`, `--hash` and `--p2bk` ask for.
struct LockArguments: Sendable {
    var keys: [String] = []
    var requiredSignatures: Int?
    var locktime: String?
    var refundKeys: [String] = []
    var requiredRefundSignatures: Int?
    var sigAll = false
    var hash: String?
    var blinded = false

    /// Whether any lock option was given.
    var isLocking: Bool { !keys.isEmpty || hash != nil }

    /// Whether the wallet should add its own refund key: a locktime without refund keys (else anyone could spend
    /// after it, NUT-11).
    var wantsOwnRefundKey: Bool { locktime != nil && refundKeys.isEmpty }

    /// Checks the combination, without the wallet.
    func validate() throws(CLIError) {
        let anyOption =
            requiredSignatures != nil || locktime != nil || !refundKeys.isEmpty || requiredRefundSignatures != nil
            || sigAll || blinded
        if anyOption && !isLocking {
            throw CLIError(.usage, "lock options need --lock KEY or --hash HASH", code: "usage")
        }
        if let n = requiredSignatures, n < 1 || n > max(keys.count, 1) || (keys.isEmpty && hash != nil) {
            throw CLIError(.usage, "--n-sigs must be between 1 and the number of --lock keys", code: "usage")
        }
        if (!refundKeys.isEmpty || requiredRefundSignatures != nil) && locktime == nil {
            throw CLIError(.usage, "refund keys take effect after a --locktime; give one", code: "usage")
        }
        if let n = requiredRefundSignatures, n < 1 || n > max(refundKeys.count, 1) || refundKeys.isEmpty {
            throw CLIError(.usage, "--n-sigs-refund must be between 1 and the number of --refund keys", code: "usage")
        }
        if blinded && hash != nil {
            throw CLIError(.usage, "--p2bk blinds P2PK keys; it does not apply to --hash", code: "usage")
        }
    }

    /// The engine's lock.
    /// - Parameters:
    ///   - now: the current time, for a `--locktime` given as a duration.
    ///   - ownRefundKey: the wallet's key, used as the refund key when a locktime has none.
    func lock(now: Date, ownRefundKey: Point?) throws(CLIError) -> SendOptions.Lock? {
        guard isLocking else { return nil }
        try validate()
        let main = try keys.map(Self.key)
        var refund = try refundKeys.map(Self.key)
        if refund.isEmpty, locktime != nil, let ownRefundKey { refund = [ownRefundKey] }
        let time = try locktime.map { text throws(CLIError) in try Self.locktime(text, now: now) }
        if let hash {
            let lock = try Self.hashLock(hash)
            let options = LockOptions(
                additionalKeys: main, requiredSignatures: requiredSignatures, locktime: time, refundKeys: refund,
                requiredRefundSignatures: requiredRefundSignatures, sigFlag: sigAll ? .sigAll : .sigInputs)
            return .htlc(hashLock: lock, options: options)
        }
        let options = LockOptions(
            additionalKeys: Array(main.dropFirst()), requiredSignatures: requiredSignatures, locktime: time,
            refundKeys: refund, requiredRefundSignatures: requiredRefundSignatures,
            sigFlag: sigAll ? .sigAll : .sigInputs)
        return blinded ? .p2bk(key: main[0], options: options) : .p2pk(key: main[0], options: options)
    }

    /// A locktime: a unix time (`1767225600`) or a duration from now (`90s`, `10m`, `2h`, `7d`, `2w`).
    static func locktime(_ text: String, now: Date) throws(CLIError) -> UInt64 {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let nowSeconds = UInt64(max(0, now.timeIntervalSince1970))
        if let unix = UInt64(trimmed) {
            guard unix > nowSeconds else {
                throw CLIError(.input, "--locktime \(unix) is in the past", code: "invalidInput")
            }
            return unix
        }
        guard let seconds = DurationArgument.seconds(trimmed) else {
            throw CLIError(
                .input, "--locktime takes a unix time or a duration such as 10m, 2h, 7d: \(text.prefix(40))",
                code: "invalidInput")
        }
        let (time, overflow) = nowSeconds.addingReportingOverflow(seconds)
        guard !overflow else {
            throw CLIError(.input, "--locktime is too far away", code: "invalidInput")
        }
        return time
    }

    private static func key(_ text: String) throws(CLIError) -> Point {
        do { return try PublicKeyArgument.parse(text) } catch let error as CLIError { throw error } catch {
            throw CLIError(.input, "not a public key: \(text.prefix(80))", code: "invalidInput")
        }
    }

    private static func hashLock(_ text: String) throws(CLIError) -> [UInt8] {
        let hex = text.trimmingCharacters(in: .whitespaces)
        guard hex.utf8.count == 64, let bytes = try? Hex.decode(hex), bytes.count == 32 else {
            throw CLIError(.input, "--hash takes the SHA-256 of the preimage, 64 hex digits", code: "invalidInput")
        }
        return bytes
    }
}
