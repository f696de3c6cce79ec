// Wallet: NUT-22 blind auth tokens — minted with the mint's NUT-21 login through the journal (random secrets journaled
// before the request, DLEQ required), kept in the store's pool, one taken for each request to an endpoint the mint
// protects.

import Foundation

extension Wallet {
    /// How many blind auth tokens the wallet holds for `mint`.
    public func blindAuthTokenCount(mint: MintURL) async throws(WalletError) -> Int {
        try await read { tx in try tx.authProofCount(mintURL: mint) }
    }

    /// Mints blind auth tokens with the mint's login: `count` of them, or as many as one request may ask for
    /// (`WalletOptions.blindAuthBatch`, bounded by the mint's `bat_max_mint`).
    ///
    /// The outputs' secrets are random, not NUT-13: NUT-22 has no restore, and a counter on the auth keyset would be
    /// reused after a restore from the seed (or by a second device on it), or could be pointed by a hostile mint at
    /// an ecash keyset's counter. They are journaled with their blinding factors before the request leaves; every
    /// signature must carry a valid DLEQ proof (NUT-22: no pinning). A crash before the answer is stored leaves the
    /// operation to ``recover()``, which sends the same request again.
    /// - Returns: how many tokens were added.
    /// - Throws: ``WalletError`` `unsupported` when the mint asks for no blind auth; `authenticationRequired` without
    ///   a login the mint accepts; `pending` when the answer was lost.
    @discardableResult
    package func mintBlindAuthTokens(mint: MintURL, count: Int? = nil) async throws(WalletError) -> Int {
        guard let settings = try await capabilities(of: mint).blindAuth else {
            throw WalletError(.unsupported, "the mint asks for no blind auth tokens (NUT-22)")
        }
        let wanted = min(count ?? options.blindAuthBatch, options.blindAuthBatch, Int(clamping: settings.batMaxMint))
        guard wanted > 0 else { throw WalletError(.invalidInput, "the mint allows no blind auth tokens per request") }
        let keyset = try await blindAuthKeyset(mint)
        let id = OperationID.random()
        let claimed = try claim(id)
        defer { release(claimed) }
        step(.planned, .blindAuth)
        let secrets = (0..<wanted).map { _ in Hex.encode(SecureBytes.random(count: 32).exposedSecretBytes) }
        let planned: [PlannedOutput]
        do {
            planned = try OutputFactory.withSecrets(
                secrets, amounts: Array(repeating: 1, count: wanted), keysetID: keyset.id)
        } catch {
            throw WalletError(.crypto, "cannot blind the token secrets", underlying: error)
        }
        let record = try await write { tx -> OperationRecord in
            try self.journal(
                tx, id: id, kind: .blindAuth, mint: mint, unit: .auth,
                payload: BlindAuthJournal(keyset: keyset, outputs: planned), amount: UInt64(wanted), fee: 0,
                history: false)
            return try tx.operation(id: id) ?? OperationRecord(
                id: id, kind: .blindAuth, mintURL: mint, unit: .auth, state: .prepared, payload: [])
        }
        step(.journaled, .blindAuth)
        return try await resumeBlindAuth(record, firstAttempt: true)
    }

    /// Sends (or re-sends) a journaled blind auth mint and stores the tokens.
    func resumeBlindAuth(_ operation: OperationRecord, firstAttempt: Bool = false) async throws(WalletError) -> Int {
        let claimed = try claim(operation.id)
        defer { release(claimed) }
        let journal = try Self.decodeJSON(BlindAuthJournal.self, operation.payload)
        let signatures: [BlindSignature]
        do {
            signatures = try await connector(operation.mintURL).blindAuthMint(journal.request).signatures
        } catch {
            guard BlindAuthJournal.closes(after: error, firstAttempt: firstAttempt) else {
                throw WalletError.mint(error, operationID: operation.id)
            }
            // The keyset may have been rotated out: fetched again next time.
            if error.code == .mintRefused { blindAuthKeysets[operation.mintURL] = nil }
            try await failOperation(operation.id, release: [])
            throw WalletError.mint(error)
        }
        step(.answered, .blindAuth)
        let unblinder = SignatureUnblinder(keys: [journal.keyset.id: journal.keyset.keys], requireDLEQ: true)
        let proofs: [Proof]
        do { proofs = try await unblinder.proofs(signatures: signatures, outputs: journal.outputs) } catch {
            // Cancelled before the checks were done: the answer is not judged; the operation stays open.
            guard error.code != .cancelled else {
                throw WalletError(error.code, error.reason, operationID: operation.id)
            }
            // Tokens the wallet cannot check could mark it (pinning): none is kept.
            try await failOperation(operation.id, release: [])
            throw error
        }
        var tokens: [StoredAuthProof] = []
        for proof in proofs {
            guard let C = try? proof.C.point() else {
                throw WalletError(.invalidMintResponse, "an unblinded token is not a point", operationID: operation.id)
            }
            tokens.append(
                StoredAuthProof(
                    mintURL: operation.mintURL,
                    proof: AuthProof(id: proof.id, secret: proof.secret, C: C, dleq: proof.dleq)))
        }
        try await settleWrite(operation.id) { [tokens] tx in
            try tx.addAuthProofs(tokens)
            guard let open = try self.openOperation(tx, operation.id) else { return }
            try self.close(tx, open, state: .done, history: .done)
        }
        step(.settled, .blindAuth)
        logger.info("blind auth tokens minted", metadata: ["count": "\(tokens.count)"])
        return tokens.count
    }

    /// One token for a request to a protected endpoint of `mint`, taken out of the pool (so never offered again).
    ///
    /// Taken first, so a pool emptied meanwhile by other requests or processes is noticed: then the pool is topped up
    /// (one top-up shared by concurrent callers) and a token taken again. A pool left low is topped up before the
    /// token is returned; if that fails, the token is still used. After a failed top-up, another is tried at most
    /// once a minute while tokens are left, and while the login is refused even when none are.
    func takeBlindAuthToken(_ mint: MintURL) async throws(MintClientError) -> AuthProof {
        if let (taken, left) = try await takeStoredBlindAuthToken(mint) {
            // The low-water mark never exceeds the option: past it, the mint's settings need not be read.
            if left <= options.blindAuthLowWater, left <= (try? await blindAuthLowWater(mint)) ?? 0,
                !recentBlindAuthTopUpFailure(mint, loginOnly: false)
            {
                _ = await topUpBlindAuth(mint)
            }
            return taken
        }
        var shortfall: WalletError?
        if recentBlindAuthTopUpFailure(mint, loginOnly: true) {
            shortfall = blindAuthTopUpFailures[mint]?.error
        } else if case .failure(let error) = await topUpBlindAuth(mint) {
            shortfall = error
        }
        if let (taken, _) = try await takeStoredBlindAuthToken(mint) { return taken }
        throw Self.blindAuthShortfall(shortfall)
    }

    /// Why no token could be had, as the protected request's (never sent) failure: `authenticationRequired` only
    /// when the login is missing or refused; anything else (a mint that could not be reached or answered unclearly,
    /// its limit on minting tokens, a busy store) is `unreachable`, which a caller such as the offline queue retries.
    static func blindAuthShortfall(_ shortfall: WalletError?) -> MintClientError {
        let endpoint = "POST /v1/auth/blind/mint"
        let reason = "no blind auth tokens left and none could be minted (\(shortfall?.reason ?? "the pool is empty"))"
        let code = shortfall?.mintError?.code
        let loginProblem = shortfall?.code == .authenticationRequired && code != 31003 && code != 31004
        return MintClientError(
            loginProblem ? .authenticationRequired : .unreachable, endpoint: endpoint, reason,
            mintError: shortfall?.mintError, underlying: shortfall)
    }

    /// The oldest token taken out of the pool, and how many are left, in one transaction.
    private func takeStoredBlindAuthToken(_ mint: MintURL) async throws(MintClientError) -> (AuthProof, left: Int)? {
        do {
            return try await write { tx -> (AuthProof, left: Int)? in
                guard let taken = try tx.takeAuthProof(mintURL: mint) else { return nil }
                return (taken.proof, (try? tx.authProofCount(mintURL: mint)) ?? 0)
            }
        } catch {
            throw MintClientError(
                .unreachable, endpoint: "POST /v1/auth/blind/mint", "the token pool cannot be read: \(error.reason)",
                underlying: error)
        }
    }

    /// The pool size at which it is topped up: the option, kept below what one top-up brings (else every request
    /// would top up first).
    private func blindAuthLowWater(_ mint: MintURL) async throws(WalletError) -> Int {
        let allowed = try await capabilities(of: mint).blindAuth?.batMaxMint ?? 0
        let perRequest = min(options.blindAuthBatch, Int(clamping: allowed))
        return min(options.blindAuthLowWater, perRequest / 4)
    }

    /// Whether a top-up failed less than a minute ago (only a refused login, with `loginOnly`).
    private func recentBlindAuthTopUpFailure(_ mint: MintURL, loginOnly: Bool) -> Bool {
        guard let failure = blindAuthTopUpFailures[mint], ContinuousClock.now - failure.at < .seconds(60) else {
            return false
        }
        return !loginOnly || failure.error.code == .authenticationRequired
    }

    /// Tops a mint's pool up; concurrent callers share one top-up.
    private func topUpBlindAuth(_ mint: MintURL) async -> Result<Int, WalletError> {
        if let running = blindAuthTopUps[mint] { return await running.value }
        let task = Task { () -> Result<Int, WalletError> in
            do throws(WalletError) {
                return .success(try await self.mintBlindAuthTokens(mint: mint))
            } catch {
                return .failure(error)
            }
        }
        blindAuthTopUps[mint] = task
        let result = await task.value
        blindAuthTopUps[mint] = nil
        switch result {
        case .success: blindAuthTopUpFailures[mint] = nil
        case .failure(let error):
            blindAuthTopUpFailures[mint] = (ContinuousClock.now, error)
            logger.notice("blind auth tokens could not be minted", metadata: ["code": "\(error.code)"])
        }
        return result
    }

    /// The mint's active `auth` keyset with its key, checked against its id (fetched once per process).
    private func blindAuthKeyset(_ mint: MintURL) async throws(WalletError) -> BlindAuthKeyset {
        if let known = blindAuthKeysets[mint] { return known }
        let connector = await connector(mint)
        let listed: KeysetsResponse
        do { listed = try await connector.blindAuthKeysets() } catch { throw WalletError.mint(error) }
        guard let info = listed.keysets.first(where: { $0.active && $0.unit == .auth }) else {
            throw WalletError(.invalidMintResponse, "the mint lists no active auth keyset")
        }
        let response: KeysResponse
        do { response = try await connector.blindAuthKeys(keysetID: info.id) } catch { throw WalletError.mint(error) }
        let keys: KeysetKeys
        do { keys = try Self.verifiedKeys(info, in: response) } catch where error.code == .keysetMismatch {
            // Nutshell 0.21 derives its auth keyset's id with the mint's input fee but lists the keyset with none
            // (`input_fee_ppk: null`), so the id cannot be recomputed from what it says. The id names no ecash, and
            // every token's key is checked by its DLEQ proof, so the mismatch is tolerated here, and only here.
            guard let listed = response.keysets.first(where: { $0.id == info.id }) else { throw error }
            keys = listed.keys
            logger.notice("the mint's auth keyset id does not match its listed metadata; accepted for NUT-22")
        }
        guard keys[1] != nil else {
            throw WalletError(.invalidMintResponse, "the mint's auth keyset has no key for amount 1")
        }
        let keyset = BlindAuthKeyset(id: info.id, keys: keys)
        blindAuthKeysets[mint] = keyset
        return keyset
    }
}
