// Wallet: how a NUT-18/26 payment request is paid — the amount, the transport, the mint to pay from. Decisions only.

/// The pure choices of paying a payment request
/// (``Wallet/preparePaymentRequest(_:amount:mint:preferredMint:memo:holdFor:)``).
enum PaymentRequestPlan {
    /// The amount to pay: the request's, else `given`; both must agree.
    static func amount(_ request: PaymentRequest, given: UInt64?) throws(WalletError) -> UInt64 {
        switch (request.amount, given) {
        case (let asked?, nil): return asked
        case (nil, let given?): return given
        case (let asked?, let given?) where asked == given: return asked
        case (let asked?, _?):
            throw WalletError(.invalidInput, "the request asks for \(asked); the amount given differs")
        case (nil, nil): throw WalletError(.invalidInput, "the request names no amount: give one")
        }
    }

    /// The transport: the first HTTP POST one, else the first Nostr one (NIP-17); `nil` (in band: the token is handed
    /// over) when the request lists none.
    /// - Throws: ``WalletError`` `unsupported` when only transports this wallet cannot use are listed.
    static func transport(_ request: PaymentRequest) throws(WalletError) -> PaymentRequest.Transport? {
        let transports = request.transports ?? []
        if transports.isEmpty { return nil }
        if let post = transports.first(where: { $0.kind == .post }) { return post }
        if let nostr = transports.first(where: { $0.kind == .nostr }) {
            let nips = (nostr.tags ?? []).filter { $0.first == "n" }.flatMap { $0.dropFirst() }
            guard nips.isEmpty || nips.contains("17") else {
                throw WalletError(
                    .unsupported, "the request's Nostr transport asks for NIP \(nips.joined(separator: ", ")), not 17")
            }
            return nostr
        }
        let kinds = Set(transports.map(\.kind.rawValue)).sorted().joined(separator: ", ")
        throw WalletError(.unsupported, "the request can only be delivered by \(kinds), which this wallet cannot use")
    }

    /// The mint to pay from. A strict list (the default) takes `explicit` only if listed, else the first listed wallet
    /// mint holding `amount`, else the first listed wallet mint; an advisory list (`mp`) takes `explicit`, else a
    /// listed mint holding enough, else any mint holding enough, else `fallback`; no list takes `explicit`, else
    /// `fallback`.
    /// - Parameters:
    ///   - mints: the wallet's mints, the preferred one first.
    ///   - balances: each mint's balance in the request's unit.
    static func mint(
        _ request: PaymentRequest, amount: UInt64, explicit: MintURL?, fallback: MintURL?, mints: [MintURL],
        balances: [MintURL: UInt64]
    ) throws(WalletError) -> MintURL {
        let accepted = (request.mints ?? []).compactMap { try? MintURL($0) }
        let funded = { (choices: [MintURL]) in choices.first { (balances[$0] ?? 0) >= amount } }
        guard !accepted.isEmpty else {
            guard let chosen = explicit ?? fallback ?? mints.first else {
                throw WalletError(.unknownMint, "the wallet has no mint to pay from")
            }
            return chosen
        }
        if request.isMintListStrict == false {
            if let chosen = explicit ?? funded(mints.filter(accepted.contains)) ?? funded(mints) ?? fallback {
                return chosen
            }
            throw WalletError(.unknownMint, "the wallet has no mint to pay from")
        }
        if let explicit {
            guard accepted.contains(explicit) else {
                throw WalletError(.invalidInput, "the request does not accept ecash from \(explicit)")
            }
            return explicit
        }
        let listed = mints.filter(accepted.contains)
        if let chosen = funded(listed) ?? listed.first { return chosen }
        throw WalletError(
            .unknownMint,
            "the request accepts ecash only from \(accepted.map(\.rawValue).joined(separator: ", ")), none of which is "
                + "in this wallet")
    }
}
