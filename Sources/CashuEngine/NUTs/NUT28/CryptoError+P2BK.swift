// NUT-28 — Pay-to-Blinded-Key: the error codes of key blinding and unblinding.

extension CryptoError.Code {
    /// A P2BK slot index was outside `0...10`, or more than 11 keys were given (NUT-28 §Deriving Blinded Public Keys).
    package static let p2bkInvalidSlot = CryptoError.Code(rawValue: "p2bkInvalidSlot")
    /// Both P2BK tweak hashes fell outside `1..<n`; the sender must discard the ephemeral key and start again.
    package static let p2bkTweakUnusable = CryptoError.Code(rawValue: "p2bkTweakUnusable")
}
