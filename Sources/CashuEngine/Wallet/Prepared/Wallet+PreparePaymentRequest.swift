// Wallet: preparing the payment of a NUT-18/26 payment request — mint, lock, nuts#381 fee, transport, held proofs.

extension Wallet {
    /// Prepares paying `request`: chooses the mint (a listed one the wallet holds enough at, the preferred first),
    /// adds the payee's melt fee when paying from a mint the request does not list (nuts#381), locks as the request
    /// asks (NUT-10), picks the transport, and holds the proofs of a send whose token the payee nets the requested
    /// amount from (the receiver's swap fee included, NUT-18). Nothing is spent until
    /// ``PreparedRequestPayment/confirm()``.
    /// - Parameters:
    ///   - request: the payment request (NUT-18, or NUT-26 decoded).
    ///   - given: the amount when the request leaves it to the payer (must agree with the request's otherwise).
    ///   - explicit: the mint the user asked to pay from.
    ///   - preferredMint: the wallet's default mint, tried first.
    ///   - memo: the payment's memo to the payee.
    ///   - holdFor: how long the proofs stay held unconfirmed (`WalletOptions.preparedHold` when `nil`).
    /// - Throws: ``WalletError`` (`invalidInput`, `unsupported` for a transport or lock the wallet cannot use or a
    ///   mint that cannot melt by any method the request accepts, `unknownMint`, `insufficientFunds`).
    public func preparePaymentRequest(
        _ request: PaymentRequest, amount given: UInt64? = nil, mint explicit: MintURL? = nil,
        preferredMint: MintURL? = nil, memo: String? = nil, holdFor: Duration? = nil
    ) async throws(WalletError) -> PreparedRequestPayment {
        let requested = try PaymentRequestPlan.amount(request, given: given)
        guard requested > 0 else { throw WalletError(.invalidInput, "the amount must be positive") }
        let transport = try PaymentRequestPlan.transport(request)
        let lock = try request.nut10.map { option throws(WalletError) in try option.sendLock() }
        let unit = request.unit.map { CurrencyUnit(rawValue: $0.lowercased()) } ?? .sat
        let known = try await mints().map(\.url)
        let ordered = (preferredMint.map { [$0] } ?? []).filter(known.contains) + known
        var balances: [MintURL: UInt64] = [:]
        for mint in known { balances[mint] = try await balance(mint: mint, unit: unit) }
        let mint = try PaymentRequestPlan.mint(
            request, amount: requested, explicit: explicit, fallback: preferredMint, mints: ordered,
            balances: balances)
        // nuts#381: from a mint outside the request's list, the payee's cost of melting out is added.
        let meltMethods = Set(try await capabilities(of: mint).meltMethods.filter { $0.unit == unit }.map(\.method))
        guard let methodFee = request.fee(payingFrom: mint.rawValue, meltMethods: meltMethods) else {
            throw WalletError(.unsupported, "\(mint) cannot melt \(unit) by any method the request accepts")
        }
        let (amount, overflow) = requested.addingReportingOverflow(methodFee)
        guard !overflow else { throw WalletError(.invalidInput, "the request's amount and fee overflow") }
        // NUT-18: the requested amount is what the payee nets after swapping the proofs in.
        let options = SendOptions(memo: memo, includeFees: true, lock: lock, includeDLEQ: true)
        let send = try await prepareSend(amount: amount, mint: mint, unit: unit, options: options, holdFor: holdFor)
        return PreparedRequestPayment(
            request: request, requested: requested, methodFee: methodFee, transport: transport, memo: memo, send: send)
    }
}
