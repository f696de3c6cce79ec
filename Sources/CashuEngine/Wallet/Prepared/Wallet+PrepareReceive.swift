// Wallet: looking at a token before receiving it — its value, its swap fees, its locks, its mint (NUT-02/07/10).

import Foundation

extension Wallet {
    /// Looks at an encoded token (`cashuA…`, `cashuB…`, `cashu:` URIs) before receiving it
    /// (``prepareReceive(token:options:)``).
    public func prepareReceive(_ encoded: String, options receive: ReceiveOptions = ReceiveOptions())
        async throws(WalletError) -> PreparedReceive
    {
        let token: Token
        do { token = try TokenDecoder.decode(encoded) } catch {
            throw WalletError(.invalidInput, "not a Cashu token: \(error)", underlying: error)
        }
        return try await prepareReceive(token: token, options: receive)
    }

    /// Looks at a token before receiving it: per mint, its value, the fee of its swap, its lock and whether the
    /// wallet can open it, and (asking the mint, NUT-07) whether it is spent already. Nothing is written and nothing
    /// of the wallet is held; an unknown mint is not added.
    /// - Throws: ``WalletError`` `invalidInput` for a token that could never be received (no proofs, points off the
    ///   curve, proofs twice, a keyset of another unit, a bad DLEQ).
    public func prepareReceive(token: Token, options receive: ReceiveOptions = ReceiveOptions())
        async throws(WalletError) -> PreparedReceive
    {
        do { try token.validatePoints() } catch {
            throw WalletError(.invalidInput, "the token holds a point that is not on secp256k1", underlying: error)
        }
        let unit = CurrencyUnit(rawValue: token.unit ?? "sat")
        var entries: [PreparedReceive.Entry] = []
        for entry in token.entries where !entry.proofs.isEmpty {
            let mint: MintURL
            do { mint = try MintURL(entry.mint) } catch {
                throw WalletError(.invalidInput, "the token's mint URL is not valid", underlying: error)
            }
            entries.append(try await inspect(entry.proofs, mint: mint, unit: unit, receive))
        }
        guard !entries.isEmpty else { throw WalletError(.invalidInput, "the token holds no proofs") }
        return PreparedReceive(token: token, unit: unit, entries: entries, wallet: self, options: receive)
    }

    /// One mint's proofs of a token, looked at.
    private func inspect(_ proofs: [Proof], mint: MintURL, unit: CurrencyUnit, _ receive: ReceiveOptions)
        async throws(WalletError) -> PreparedReceive.Entry
    {
        guard Set(proofs.map(\.secret)).count == proofs.count else {
            throw WalletError(.invalidInput, "the token holds the same proof twice")
        }
        let amount: UInt64
        do { amount = try AmountSplit.sum(proofs.map(\.amount)) } catch {
            throw WalletError(.invalidInput, "the token's amounts overflow", underlying: error)
        }
        let kinds = proofs.compactMap { (try? WellKnownSecret.parse($0.secret))??.kind }
        let lock: PreparedReceive.TokenLock =
            kinds.contains(.htlc) ? .htlc : kinds.isEmpty ? .none : .p2pk
        let signingKeys = try await signingKeys(for: proofs, extra: receive.signingKeys)
        let spendable =
            lock == .none
            || (try? Self.requireSpendable(proofs, keys: signingKeys, preimage: receive.preimage, now: Date())) != nil
        var result = PreparedReceive.Entry(
            mint: mint, amount: amount, fee: nil, parts: 1, mintKnown: false, mintReachable: nil, lock: lock,
            spendable: spendable, alreadySpent: nil)
        guard try await read({ tx in try tx.mint(url: mint) }) != nil else { return result }
        result.mintKnown = true
        var keysets: [StoredKeyset]
        do {
            keysets = try await syncKeysets(mint)
            result.mintReachable = true
        } catch where error.code == .mintUnreachable {
            keysets = try await read { tx in try tx.keysets(mintURL: mint) }
            result.mintReachable = false
        }
        if result.mintReachable == true,
            proofs.contains(where: { proof in !keysets.contains(where: { proof.id.matches($0.id) }) })
        {
            keysets = try await syncKeysets(mint, force: true)
        }
        let inputs = try resolveKeysets(proofs, keysets: keysets, unit: unit)
        let tables = KeysetTables(keysets)
        try await verifyReceived(inputs, tables: tables, mint: mint, unit: unit)
        let parts = try Self.receiveParts(inputs, limit: await requestLimit(mint), feePPK: tables.feePPK)
        result.parts = parts.count
        result.fee = parts.reduce(0) { $0 + $1.fee }
        if result.mintReachable == true {
            let Ys = inputs.compactMap { (try? HashToCurve.point(secret: $0.secret)).map(CompressedPoint.init) }
            do {
                let states = try await proofStates(mint, Ys: Ys)
                result.alreadySpent = states.values.contains { $0 != .unspent }
            } catch {
                // Keysets known and fresh need no request: this one says whether the mint answers now. Any other
                // failure leaves only the spent state unknown.
                if WalletError.mint(error).code == .mintUnreachable { result.mintReachable = false }
            }
        }
        return result
    }
}
