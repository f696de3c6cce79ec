// Wallet: keyset sync (NUT-01/02) — ids recomputed from keys, inactive keysets kept, collisions refused.

extension Wallet {
    /// Brings a mint's keysets up to date: new keysets are fetched with their keys and their ids checked; known ones
    /// get their active flag and fee updated; keysets the mint no longer lists are kept (they may hold proofs).
    /// Once per process unless `force`.
    /// - Returns: the mint's keysets.
    /// - Throws: ``WalletError`` `keysetMismatch` when keys do not hash to their id or an id belongs to another mint.
    @discardableResult
    package func syncKeysets(_ mint: MintURL, force: Bool = false) async throws(WalletError) -> [StoredKeyset] {
        if !force, syncedKeysets.contains(mint) {
            return try await read { tx in try tx.keysets(mintURL: mint) }
        }
        let connector = await connector(mint)
        let listed: KeysetsResponse
        do { listed = try await connector.keysets() } catch { throw WalletError.mint(error) }
        let known = try await read { tx in try tx.keysets(mintURL: nil) }
        let knownByID = Dictionary(known.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var updated: [StoredKeyset] = []
        for info in listed.keysets where info.unit != .auth {
            if let existing = knownByID[info.id] {
                guard existing.mintURL == mint else {
                    throw WalletError(.keysetMismatch, "keyset \(info.id) already belongs to \(existing.mintURL)")
                }
                if existing.keys != nil {
                    var refreshed = existing
                    refreshed.active = info.active
                    refreshed.inputFeePPK = info.inputFeePPK ?? 0
                    refreshed.finalExpiry = info.finalExpiry
                    updated.append(refreshed)
                    continue
                }
            }
            let keys = try await fetchVerifiedKeys(info, connector: connector)
            updated.append(
                StoredKeyset(
                    mintURL: mint, id: info.id, unit: info.unit, active: info.active,
                    inputFeePPK: info.inputFeePPK ?? 0, finalExpiry: info.finalExpiry, keys: keys))
        }
        let listedIDs = Set(listed.keysets.map(\.id))
        let result = try await write { [updated] tx in
            for keyset in updated { try tx.saveKeyset(keyset) }
            // A keyset the mint stopped listing cannot sign anything new.
            for var keyset in try tx.keysets(mintURL: mint) where keyset.active && !listedIDs.contains(keyset.id) {
                keyset.active = false
                try tx.saveKeyset(keyset)
            }
            return try tx.keysets(mintURL: mint)
        }
        syncedKeysets.insert(mint)
        // A keyset the wallet did not have, active now: the mint rotated (a first sync of a new mint is no rotation).
        if !known.filter({ $0.mintURL == mint }).isEmpty {
            for keyset in result where keyset.active && knownByID[keyset.id] == nil {
                emit(.keysetRotated(mint: mint, unit: keyset.unit, keyset: keyset.id))
            }
        }
        return result
    }

    private func fetchVerifiedKeys(_ info: KeysetInfo, connector: any MintConnector) async throws(WalletError)
        -> KeysetKeys
    {
        let response: KeysResponse
        do { response = try await connector.keys(keysetID: info.id) } catch { throw WalletError.mint(error) }
        return try Self.verifiedKeys(info, in: response)
    }

    /// The keys of the keyset `info` lists, from a keys answer, checked against its id.
    static func verifiedKeys(_ info: KeysetInfo, in response: KeysResponse) throws(WalletError) -> KeysetKeys {
        guard var keyset = response.keysets.first(where: { $0.id == info.id }) else {
            throw WalletError(.invalidMintResponse, "the mint did not return the keys of keyset \(info.id)")
        }
        // The v2 id commits to unit, fee and expiry: check with the metadata /v1/keysets gave.
        keyset.unit = info.unit
        if keyset.inputFeePPK == nil { keyset.inputFeePPK = info.inputFeePPK }
        if keyset.finalExpiry == nil { keyset.finalExpiry = info.finalExpiry }
        do {
            try keyset.verifyID()
        } catch {
            throw WalletError(.keysetMismatch, "keys of keyset \(info.id) do not match its id", underlying: error)
        }
        return keyset.keys
    }

    /// The active keyset for new outputs of a unit (the one with the lowest fee when several are active).
    func activeKeyset(_ mint: MintURL, unit: CurrencyUnit) async throws(WalletError) -> StoredKeyset {
        let keysets = try await syncKeysets(mint)
        let candidates = keysets.filter { $0.active && $0.unit == unit && $0.keys != nil }
        guard let chosen = candidates.min(by: { $0.inputFeePPK < $1.inputFeePPK }) else {
            throw WalletError(.unsupported, "mint \(mint) has no active keyset for unit \(unit)")
        }
        return chosen
    }

    /// Whether the mint's signatures must carry NUT-12 DLEQ proofs: always when the options say so, and whenever
    /// the mint advertises NUT-12 (then a signature without one is a broken or hostile answer).
    func requiresDLEQ(_ mint: MintURL) async throws(WalletError) -> Bool {
        if options.requireDLEQ { return true }
        return (try? await capabilities(of: mint).supports(nut: 12)) ?? false
    }

    /// The signature checker for a mint's answers.
    func unblinder(for mint: MintURL) async throws(WalletError) -> SignatureUnblinder {
        try await keysetTables(mint).unblinder(
            requireDLEQ: try requiresDLEQ(mint), mint: mint, verifiers: options.signatureVerifiers)
    }

    /// Keys and fees of every keyset of a mint.
    func keysetTables(_ mint: MintURL) async throws(WalletError) -> KeysetTables {
        KeysetTables(try await read { tx in try tx.keysets(mintURL: mint) })
    }
}

/// Lookup tables over a mint's keysets.
struct KeysetTables: Sendable {
    let keysets: [StoredKeyset]
    let keys: [KeysetID: KeysetKeys]
    let feePPK: [KeysetID: UInt64]
    let inactive: Set<KeysetID>

    init(_ keysets: [StoredKeyset]) {
        self.keysets = keysets
        var keys: [KeysetID: KeysetKeys] = [:]
        var fees: [KeysetID: UInt64] = [:]
        for keyset in keysets {
            if let k = keyset.keys { keys[keyset.id] = k }
            fees[keyset.id] = keyset.inputFeePPK
        }
        self.keys = keys
        self.feePPK = fees
        self.inactive = Set(keysets.filter { !$0.active }.map(\.id))
    }

    func unblinder(requireDLEQ: Bool, mint: MintURL, verifiers: [any Verifier<SignedOutput>]) -> SignatureUnblinder {
        SignatureUnblinder(keys: keys, requireDLEQ: requireDLEQ, mint: mint, extraVerifiers: verifiers)
    }

    func selector(maxInputs: Int) -> ProofSelector {
        ProofSelector(feePPK: feePPK, inactiveKeysets: inactive, maxInputs: maxInputs)
    }
}

extension Wallet {
    /// Syncs keysets, but works from the stored ones when the mint cannot be reached.
    func syncKeysetsIfPossible(_ mint: MintURL) async throws(WalletError) -> [StoredKeyset] {
        do { return try await syncKeysets(mint) } catch where error.code == .mintUnreachable {
            return try await read { tx in try tx.keysets(mintURL: mint) }
        }
    }
}
