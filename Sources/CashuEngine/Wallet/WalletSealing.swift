// Wallet: ecash encrypted at rest — handing the seed's keys to a sealing store at open, and rotating them.

import Logging

/// Starts sealing when the wallet opens a ``RecordSealingStore``.
enum WalletSealing {
    /// Gives the store the keys for its recorded `generation`; with `hasPlaintext` (both read when the wallet
    /// opened) the store first seals whatever it still holds in plaintext.
    /// - Returns: the sealer, or `nil` for a store that does not seal (the in-memory store).
    static func start(
        store: any WalletStore, seed: SecureBytes, generation: UInt32, hasPlaintext: Bool, logger: Logger
    ) async throws(WalletError) -> RecordSealer? {
        guard let sealing = store as? any RecordSealingStore else { return nil }
        do {
            let sealer = RecordSealer(seed: seed, generation: generation)
            let sealed = try await sealing.useSealer(sealer, sealPlaintext: hasPlaintext)
            if sealed > 0 {
                logger.notice("sealed the records kept in plaintext", metadata: ["records": "\(sealed)"])
            }
            return sealer
        } catch {
            throw WalletError.storage(error)
        }
    }

    /// The generation the store records (0 when none is).
    static func generation(of store: any WalletStore) async throws -> UInt32 {
        try generation(from: try await store.read { tx in try tx.metadata(RecordSealer.generationMetadataKey) })
    }

    /// The generation recorded as `text` in the metadata (0 when none is).
    static func generation(from text: String?) throws(StorageError) -> UInt32 {
        guard let text else { return 0 }
        guard let generation = UInt32(text) else {
            throw StorageError(.corrupt, "the data key generation is unreadable")
        }
        return generation
    }
}

extension Wallet {
    func setSealer(_ sealer: RecordSealer?) {
        self.sealer = sealer
    }

    /// Seals every record under a new data key (the next generation derived from the seed), in one transaction.
    /// Processes already running on the wallet keep sealing with the key they opened with until they open it again;
    /// what they seal stays readable, and the next rotation moves it.
    /// - Returns: the new generation and how many records were re-sealed.
    /// - Throws: ``WalletError`` `unsupported` for a store that does not seal; `storage` when it fails (nothing
    ///   changes then).
    public func rotateDataKey() async throws(WalletError) -> (generation: UInt32, records: Int) {
        guard let sealing = store as? any RecordSealingStore, let sealer else {
            throw WalletError(.unsupported, "this wallet's store does not encrypt records")
        }
        do {
            let current = try await WalletSealing.generation(of: store)
            guard current < UInt32.max else { throw StorageError(.overflow, "no data key generation is left") }
            let next = sealer.sealing(with: current + 1)
            let records = try await sealing.reseal(with: next)
            self.sealer = next
            return (next.generation, records)
        } catch let error as WalletError {
            throw error
        } catch {
            throw WalletError.storage(error)
        }
    }
}
