// NIP-47 — Nostr Wallet Connect: the service store on the wallet's own store — public records, ledgers and handled
// requests in its metadata, each change one write transaction (so two processes never both claim a request or
// reserve the same budget); each connection's service private key in the secure store.

import CashuNostr
import CoreCashu

/// A durable `NWCServiceStore`: the wallet store (SQLite or PostgreSQL) and the secure store.
///
/// Every read-modify-write runs in one `WalletStore/write(_:)` transaction, which no other process or task can
/// interleave with. Service keys are loaded from the secure store on first use and kept in memory (never logged).
/// A revoked connection's key is deleted, so ``connection(servicePublicKey:)`` returns `nil` for it: its requests
/// get no answer at all.
package actor NWCWalletStore: NWCServiceStore {
    let store: any WalletStore
    let secureStore: any SecureStore
    /// How long a handled request is remembered, seconds: at least the service's `maxRequestAge` + `maxClockSkew`.
    let requestRetention: Int64
    let clock: @Sendable () -> Int64
    private var keys: [String: NostrKeyPair] = [:]

    /// A store.
    ///
    /// - Parameters:
    ///   - store: the wallet store.
    ///   - secureStore: where service keys are kept.
    ///   - configuration: the handler's; handled requests are remembered as long as it takes requests.
    ///   - clock: now, seconds since the epoch.
    package init(
        store: any WalletStore, secureStore: any SecureStore,
        configuration: NWCServiceConfiguration = NWCServiceConfiguration(),
        clock: @escaping @Sendable () -> Int64 = { NostrClock.now() }
    ) {
        self.store = store
        self.secureStore = secureStore
        self.requestRetention = configuration.maxRequestAge + configuration.maxClockSkew + 60
        self.clock = clock
    }

    // MARK: NWCServiceStore

    /// The connection whose service key is `servicePublicKey`, expired ones included; `nil` for an unknown key and
    /// for a revoked connection (its private key is gone: there is nothing to answer with).
    package func connection(servicePublicKey: NostrPublicKey) async throws(NostrError) -> NWCConnection? {
        let records = try await records()
        guard let record = records.first(where: { $0.servicePublicKey == servicePublicKey }), !record.isRevoked
        else { return nil }
        guard let keys = try await serviceKeys(of: record) else { return nil }
        return record.connection(serviceKeys: keys)
    }

    package func claimRequest(
        _ eventID: String, connectionID: String, createdAt: Int64
    ) async throws(NostrError) -> Bool {
        let pruneBefore = clock() - requestRetention
        do {
            return try await store.write { tx in
                let key = NWCMetadata.requests(connectionID)
                var handled = try NWCMetadata.read(key, in: tx, empty: NWCHandledRequests())
                guard handled.claim(eventID, createdAt: createdAt, pruneBefore: pruneBefore) else { return false }
                try NWCMetadata.write(handled, key, in: tx)
                return true
            }
        } catch {
            throw NWCMetadata.storageError("record a handled request", error)
        }
    }

    package func updateLedger<T: Sendable>(
        connectionID: String, _ body: @escaping @Sendable (inout NWCBudgetLedger) -> T
    ) async throws(NostrError) -> T {
        do {
            return try await store.write { tx in
                let key = NWCMetadata.ledger(connectionID)
                var ledger = try NWCMetadata.read(key, in: tx, empty: NWCBudgetLedger())
                let result = body(&ledger)
                try NWCMetadata.write(ledger, key, in: tx)
                return result
            }
        } catch {
            throw NWCMetadata.storageError("update the budget ledger", error)
        }
    }

    // MARK: Connections

    /// Every connection's record, revoked ones included, oldest first.
    package func records() async throws(NostrError) -> [NWCConnectionRecord] {
        do {
            return try await store.read { tx in
                try NWCMetadata.read(NWCMetadata.connections, in: tx, empty: [NWCConnectionRecord]())
            }
        } catch {
            throw NWCMetadata.storageError("read the wallet connections", error)
        }
    }

    /// Keeps a new connection: its service key in the secure store first, then its record (so a record never lacks
    /// its key; a key without a record, should the second step fail, is deleted again).
    ///
    /// - Parameters:
    ///   - connection: the connection, as `NWCConnection` `create` made it.
    ///   - mint: the mint it pays from.
    /// - Returns: its record.
    /// - Throws: `NostrError` `.storage`.
    @discardableResult
    package func add(_ connection: NWCConnection, mint: MintURL) async throws(NostrError) -> NWCConnectionRecord {
        let record = NWCConnectionRecord(connection, mint: mint)
        let secretKey = SecureStoreKey.nwcServiceKey(connection.id)
        do {
            try await secureStore.save(
                SecureBytes(connection.serviceKeys.privateKey.exposedSecretBytes), key: secretKey)
        } catch {
            throw NostrError(.storage, "cannot keep the connection's key in the secure store")
        }
        do {
            try await store.write { tx in
                var records = try NWCMetadata.read(NWCMetadata.connections, in: tx, empty: [NWCConnectionRecord]())
                guard !records.contains(where: { $0.id == record.id }) else {
                    throw NostrError(.storage, "a connection with this id exists already")
                }
                records.append(record)
                try NWCMetadata.write(records, NWCMetadata.connections, in: tx)
            }
        } catch {
            try? await secureStore.delete(key: secretKey)
            throw NWCMetadata.storageError("keep the connection", error)
        }
        keys[record.id] = connection.serviceKeys
        return record
    }

    /// Revokes connection `id`: its record is marked revoked (from then on nothing is served to it), then its
    /// service key is deleted from the secure store. Revoking a revoked connection deletes the key again (a deletion
    /// that failed before) and keeps the first revocation time.
    ///
    /// - Returns: the revoked record, `nil` when there is no connection `id`.
    /// - Throws: `NostrError` `.storage` (when only the key's deletion failed, the connection is revoked anyway).
    package func revoke(id: String) async throws(NostrError) -> NWCConnectionRecord? {
        let now = clock()
        let revoked: NWCConnectionRecord?
        do {
            revoked = try await store.write { tx -> NWCConnectionRecord? in
                var records = try NWCMetadata.read(NWCMetadata.connections, in: tx, empty: [NWCConnectionRecord]())
                guard let index = records.firstIndex(where: { $0.id == id }) else { return nil }
                if records[index].revokedAt == nil {
                    records[index].revokedAt = now
                    try NWCMetadata.write(records, NWCMetadata.connections, in: tx)
                }
                return records[index]
            }
        } catch {
            throw NWCMetadata.storageError("revoke the connection", error)
        }
        guard let revoked else { return nil }
        keys[id] = nil
        do { try await secureStore.delete(key: SecureStoreKey.nwcServiceKey(id)) } catch {
            throw NostrError(
                .storage, "the connection is revoked, but its key could not be deleted from the secure store")
        }
        return revoked
    }

    /// The budget ledger of `connectionID` as it stands.
    package func ledger(connectionID: String) async throws(NostrError) -> NWCBudgetLedger {
        do {
            return try await store.read { tx in
                try NWCMetadata.read(NWCMetadata.ledger(connectionID), in: tx, empty: NWCBudgetLedger())
            }
        } catch {
            throw NWCMetadata.storageError("read the budget ledger", error)
        }
    }

    /// The service key of `record`, from memory or the secure store; `nil` when the secure store has none (or one
    /// that is not this record's).
    private func serviceKeys(of record: NWCConnectionRecord) async throws(NostrError) -> NostrKeyPair? {
        if let known = keys[record.id] { return known }
        let stored: SecureBytes?
        do { stored = try await secureStore.load(key: SecureStoreKey.nwcServiceKey(record.id)) } catch {
            throw NostrError(.storage, "cannot read the connection's key from the secure store")
        }
        guard let stored, let scalar = try? Scalar(rawRepresentation: stored.exposedSecretBytes) else { return nil }
        let pair = NostrKeyPair(privateKey: scalar)
        guard pair.publicKey == record.servicePublicKey else { return nil }
        keys[record.id] = pair
        return pair
    }
}
