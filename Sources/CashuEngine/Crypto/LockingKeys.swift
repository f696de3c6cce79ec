// Keys that lock ecash to the wallet, derived from its seed (nuts#373, #331): NUT-20 quote keys at
// m/129373'/20'/0'/0'/{counter} and NUT-11 P2PK receiving keys at m/129373'/10'/0'/0'/{counter}, as CDK derives them,
// so that a restored wallet can still mint its locked quotes and claim tokens locked to it.

/// Derives one kind of locking key by counter, with the hardened part of the path done once.
package struct LockingKeys: Sendable {
    /// What a key locks.
    package enum Purpose: UInt32, Sendable, CaseIterable {
        /// NUT-20 mint quote keys (account 20').
        case quote = 20
        /// NUT-11 P2PK receiving keys (account 10').
        case p2pk = 10
    }

    /// The purpose level shared by both kinds (not NUT-13's 129372').
    static let purposeIndex: UInt32 = 129_373

    /// How far past the stored counter a lookup of a key by its public half searches (a restored wallet's counters
    /// start at zero).
    package static let lookupWindow: UInt32 = 1000

    let purpose: Purpose
    /// `m/129373'/{account}'/0'/0'`.
    private let node: ExtendedPrivateKey

    init(seed: SecureBytes, purpose: Purpose) throws(CryptoError) {
        self.purpose = purpose
        node = try ExtendedPrivateKey(seed: seed)
            .derivingChild(.hardened(Self.purposeIndex))
            .derivingChild(.hardened(purpose.rawValue))
            .derivingChild(.hardened(0))
            .derivingChild(.hardened(0))
    }

    /// The private key at `counter` (a non-hardened index).
    /// - Throws: ``CryptoError`` `.invalidDerivation` for a counter of 2^31 or more.
    package func key(at counter: UInt32) throws(CryptoError) -> Scalar {
        guard counter < 1 << 31 else {
            throw CryptoError(.invalidDerivation, "a locking key counter must be below 2^31")
        }
        return try node.derivingChild(.normal(counter)).privateKey
    }

    /// The highest counter a wallet hands out, so that a lookup window past it stays a valid index.
    package static let maximumCounter: UInt32 = (1 << 31) - 1 - lookupWindow

    /// The counter and private key whose public key is `pubkey`, searching `counters`.
    package func find(_ pubkey: Point, in counters: Range<UInt32>) -> (counter: UInt32, key: Scalar)? {
        find(Set([pubkey]), in: counters)[pubkey]
    }

    /// The counters and private keys of those of `pubkeys` found in `counters`, deriving each key of the range once.
    /// An index BIP-32 cannot derive (vanishingly rare) is skipped.
    package func find(_ pubkeys: Set<Point>, in counters: Range<UInt32>) -> [Point: (counter: UInt32, key: Scalar)] {
        var found: [Point: (counter: UInt32, key: Scalar)] = [:]
        guard !pubkeys.isEmpty else { return found }
        for counter in counters where counter < 1 << 31 {
            guard let key = try? key(at: counter) else { continue }
            let pubkey = key.publicKey
            if pubkeys.contains(pubkey) {
                found[pubkey] = (counter, key)
                if found.count == pubkeys.count { break }
            }
        }
        return found
    }
}

extension DeterministicSecrets {
    /// The deriver of this seed's locking keys for `purpose`.
    package func lockingKeys(_ purpose: LockingKeys.Purpose) throws(CryptoError) -> LockingKeys {
        try LockingKeys(seed: seed, purpose: purpose)
    }
}
