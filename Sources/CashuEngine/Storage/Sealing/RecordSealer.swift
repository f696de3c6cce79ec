// Storage: ecash encrypted at rest — the keys that seal a store's secret fields, derived from the wallet's seed.

import Crypto
import Foundation

/// Seals and opens the secret fields of stored records (AES-256-GCM), and makes the keyed tags that stand in for
/// secret lookup keys (HMAC-SHA256).
///
/// The keys are derived from the wallet's BIP-39 seed (HKDF-SHA256), which lives only in the secure store: a copy of
/// the database without the secure store opens nothing, and every host or process that has the wallet's phrase
/// derives the same keys (a PostgreSQL wallet shared by several hosts needs nothing more). Each data key has a
/// generation; a sealed value names the generation that sealed it, so values of every generation stay readable and
/// rotating (``Wallet/rotateDataKey()``) re-seals everything under the next one.
///
/// A sealed value is `"CS" 0x01 || generation (4 bytes, big-endian) || nonce (12) || ciphertext || tag (16)`. Its
/// associated data names the record (table and key), so a sealed value moved to another row does not open.
package final class RecordSealer: Sendable {
    /// The generation new values are sealed with.
    package let generation: UInt32
    private let master: SymmetricKey
    private let indexKey: SymmetricKey
    private let keys = Locked<[UInt32: SymmetricKey]>([:])

    /// The metadata key of the generation new records are sealed with (absent: 0).
    package static let generationMetadataKey = "data-key-generation"

    static let magic: [UInt8] = [0x43, 0x53, 0x01]
    static let salt = Data("cashu-swift at-rest v1".utf8)
    static let headerCount = 3 + 4

    /// Keys for the wallet whose BIP-39 seed is `seed`, sealing with `generation`.
    package init(seed: SecureBytes, generation: UInt32) {
        self.generation = generation
        master = SymmetricKey(data: seed.exposedSecretBytes)
        indexKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: master, salt: Self.salt, info: Data("index key".utf8), outputByteCount: 32)
    }

    /// The same keys, sealing with another generation.
    package func sealing(with generation: UInt32) -> RecordSealer {
        RecordSealer(master: master, indexKey: indexKey, generation: generation)
    }

    private init(master: SymmetricKey, indexKey: SymmetricKey, generation: UInt32) {
        self.master = master
        self.indexKey = indexKey
        self.generation = generation
    }

    /// Seals `plaintext` for the record `context` (e.g. `proofs:<Y>`).
    package func seal(_ plaintext: [UInt8], context: String) throws(StorageError) -> [UInt8] {
        do {
            let box = try AES.GCM.seal(plaintext, using: key(generation), authenticating: Data(context.utf8))
            guard let combined = box.combined else { throw StorageError(.database, "a sealed value has no nonce") }
            var sealed = Self.magic
            sealed.reserveCapacity(Self.headerCount + combined.count)
            withUnsafeBytes(of: generation.bigEndian) { sealed.append(contentsOf: $0) }
            sealed.append(contentsOf: combined)
            return sealed
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError(.database, "a record cannot be sealed")
        }
    }

    /// Opens a value sealed for the record `context`.
    /// - Throws: `StorageError` `corrupt` when it is not a sealed value, was changed, or belongs to another record.
    package func open(_ sealed: [UInt8], context: String) throws(StorageError) -> [UInt8] {
        guard let generation = Self.generation(of: sealed) else {
            throw StorageError(.corrupt, "a sealed record is malformed")
        }
        do {
            let box = try AES.GCM.SealedBox(combined: sealed[Self.headerCount...])
            return Array(try AES.GCM.open(box, using: key(generation), authenticating: Data(context.utf8)))
        } catch {
            throw StorageError(.corrupt, "a sealed record does not open with this wallet's keys (changed or foreign)")
        }
    }

    /// The generation that sealed `value`, or `nil` when it is not a sealed value.
    package static func generation(of value: [UInt8]) -> UInt32? {
        guard value.count >= headerCount + 12 + 16, value.starts(with: magic) else { return nil }
        return value[3..<7].reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
    }

    /// A keyed tag standing in for a secret lookup key (a NUT-22 token's secret, a mint quote's id): equal values
    /// give equal tags, and the tag says nothing about the value without the seed. `"h" + 64 hex`; the same for
    /// every generation.
    package func tag(_ value: String, domain: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data((domain + "\u{0}" + value).utf8), using: indexKey)
        return "h" + Hex.encode(Array(code))
    }

    private func key(_ generation: UInt32) -> SymmetricKey {
        keys.withLock { keys in
            if let key = keys[generation] { return key }
            let key = HKDF<SHA256>.deriveKey(
                inputKeyMaterial: master, salt: Self.salt, info: Data("data key \(generation)".utf8),
                outputByteCount: 32)
            keys[generation] = key
            return key
        }
    }
}
