// NUT-14 — Hashed Timelock Contracts: the 32-byte preimage and the hash lock it opens.

import Crypto
import Foundation

/// The 32-byte secret whose SHA-256 is an HTLC's hash lock. Prints as `<redacted>`.
public struct HTLCPreimage: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    let bytes: SecureBytes

    /// Wraps 32 preimage bytes.
    ///
    /// - Throws: `SpendingConditionError` `.invalidPreimage` unless there are exactly 32 bytes.
    package init<Bytes: Collection>(rawRepresentation raw: Bytes) throws(SpendingConditionError)
    where Bytes.Element == UInt8 {
        guard raw.count == 32 else {
            throw SpendingConditionError(.invalidPreimage, "a preimage is 32 bytes, got \(raw.count)")
        }
        bytes = SecureBytes(raw)
    }

    /// Parses a 64-character hex preimage (the form it takes in a witness).
    ///
    /// - Throws: `SpendingConditionError` `.invalidPreimage` for anything but 32 bytes of hex.
    public init(hex: some StringProtocol) throws {
        try self.init(parsingHex: hex)
    }

    /// ``init(hex:)`` with its typed error, for the library's own callers.
    package init(parsingHex hex: some StringProtocol) throws(SpendingConditionError) {
        guard let raw = try? Hex.decode(hex, count: 32) else {
            throw SpendingConditionError(.invalidPreimage, "a preimage is 64 hex characters")
        }
        try self.init(rawRepresentation: raw)
    }

    /// A fresh random preimage from the system's secure generator.
    package static func random() -> HTLCPreimage {
        HTLCPreimage(bytes: SecureBytes.random(count: 32))
    }

    private init(bytes: SecureBytes) {
        self.bytes = bytes
    }

    /// `SHA256(preimage bytes)`: the 32-byte hash lock. The bytes are hashed, never their hex text (NUT-14).
    package var hashLock: [UInt8] {
        bytes.withUnsafeBytes { Array(SHA256.hash(data: $0)) }
    }

    /// The hash lock as the lowercase hex that goes in `Secret.data`.
    package var hashLockHex: String { Hex.encode(hashLock) }

    /// Whether this preimage opens `lock`.
    package func opens(_ lock: [UInt8]) -> Bool {
        let mine = hashLock
        guard mine.count == lock.count else { return false }
        var diff: UInt8 = 0
        for i in 0..<mine.count { diff |= mine[i] ^ lock[i] }
        return diff == 0
    }

    /// The 64-character lowercase hex for a witness. Not zeroed on release: keep its lifetime short.
    package var exposedSecretHex: String { Hex.encode(bytes.exposedSecretBytes) }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "HTLCPreimage(<redacted>)" }
}
