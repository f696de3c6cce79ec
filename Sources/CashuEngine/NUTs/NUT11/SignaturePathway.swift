// NUT-11 — Pay to Public Key: one multisig pathway (locktime or refund) and its distinct-signer count.

/// A set of public keys and how many of them must sign (an n-of-m pathway, NUT-11 "Multisig").
public struct SignaturePathway: Hashable, Sendable {
    /// At most this many keys are accepted in one pathway of a received secret (bounds verification work).
    package static let maxKeys = 32

    /// The keys that may sign, each at most once by x-coordinate.
    public let keys: [Point]
    /// How many distinct keys must sign (`n_sigs` / `n_sigs_refund`, default 1).
    public let threshold: Int

    /// Makes a pathway, applying the NUT-11 rules.
    ///
    /// - Parameters:
    ///   - keyHexes: the keys as hex, as written in the secret.
    ///   - thresholdText: the `n_sigs`/`n_sigs_refund` value, or `nil` for the default of 1.
    ///   - name: the pathway's name for error messages.
    /// - Throws: ``SpendingConditionError`` `.invalidPublicKey`, `.duplicateKey` (same x-coordinate twice,
    ///   NUT-11 "Public Key Canonicalisation"), `.invalidSignatureThreshold` (not a positive integer, or more than
    ///   the keys), `.limitExceeded`.
    init(keyHexes: [String], thresholdText: String?, name: String) throws(SpendingConditionError) {
        guard keyHexes.count <= Self.maxKeys else {
            throw SpendingConditionError(.limitExceeded, "more than \(Self.maxKeys) keys in the \(name) pathway")
        }
        var keys: [Point] = []
        var seen = Set<[UInt8]>()
        for hex in keyHexes {
            let key: Point
            do { key = try Point(hex: hex) } catch {
                throw SpendingConditionError(.invalidPublicKey, "a \(name) key is not a compressed public key")
            }
            guard seen.insert(key.xOnly).inserted else {
                throw SpendingConditionError(.duplicateKey, "a key appears twice in the \(name) pathway")
            }
            keys.append(key)
        }
        var threshold = 1
        if let text = thresholdText {
            guard let n = Self.positiveInteger(text) else {
                throw SpendingConditionError(.invalidSignatureThreshold, "\(name) threshold is not a positive integer")
            }
            threshold = n
        }
        guard threshold <= keys.count else {
            throw SpendingConditionError(
                .invalidSignatureThreshold, "\(name) threshold \(threshold) exceeds its \(keys.count) keys")
        }
        self.keys = keys
        self.threshold = threshold
    }

    /// The number of distinct pathway keys with a valid signature on `digest`.
    ///
    /// Counts keys, not signatures: a key that signed twice counts once (NUT-11 "Locktime MultiSig" caution).
    /// - Parameters:
    ///   - signatures: 64-byte BIP-340 signatures.
    ///   - digest: `SHA256(utf8(message))`.
    package func signerCount(signatures: [[UInt8]], digest: [UInt8]) -> Int {
        countSigners(signatures: signatures, digest: digest, stopAt: keys.count)
    }

    /// Whether at least ``threshold`` distinct keys signed `digest`.
    package func isSatisfied(signatures: [[UInt8]], digest: [UInt8]) -> Bool {
        countSigners(signatures: signatures, digest: digest, stopAt: threshold) >= threshold
    }

    private func countSigners(signatures: [[UInt8]], digest: [UInt8], stopAt: Int) -> Int {
        var remaining = signatures
        var count = 0
        for key in keys {
            let index = remaining.firstIndex { Schnorr.verify(signature: $0, message: digest, publicKey: key) }
            if let index {
                count += 1
                // A signature verifies for one x-only key only; dropping it shortens the later scans.
                remaining.remove(at: index)
                if count >= stopAt { break }
            }
        }
        return count
    }

    /// Whether `key` (compared by x-coordinate) is one of this pathway's keys.
    package func contains(_ key: Point) -> Bool {
        keys.contains { $0.xOnly == key.xOnly }
    }

    /// Parses an unsigned decimal integer of ASCII digits only; `nil` for anything else or on overflow.
    static func unsignedInteger(_ text: String) -> UInt64? {
        guard !text.isEmpty, text.utf8.count <= 20,
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return UInt64(text)
    }

    static func positiveInteger(_ text: String) -> Int? {
        guard let n = unsignedInteger(text), n >= 1, n <= UInt64(Int.max) else { return nil }
        return Int(n)
    }
}
