// Wallet: a NUT-18/26 payment request prepared for a front end to show and confirm.

/// A payment of a payment request whose send holds its proofs
/// (``Wallet/preparePaymentRequest(_:amount:mint:preferredMint:memo:holdFor:)``): what the payee asked, the fee the
/// payer adds under nuts#381, the send's own fees, the mint, the transport.
/// ``confirm()`` makes the token and the payload; delivering it is the host's (HTTP POST in CashuHTTP, Nostr in
/// LinuxCashu), and a token that could not be delivered stays reclaimable as a pending send.
public struct PreparedRequestPayment: Sendable {
    /// The request.
    public let request: PaymentRequest
    /// What the payee asked for.
    public let requested: UInt64
    /// nuts#381: what the payer adds when paying from a mint the request does not list (the payee's melt fee).
    public let methodFee: UInt64
    /// How the payment reaches the payee; `nil`: the token is handed over in band.
    public let transport: PaymentRequest.Transport?
    /// The memo for the payee.
    package let memo: String?
    /// The send: its mint, its amount (the request's plus ``methodFee`` plus the receiver's swap fee), its fees.
    public let send: PreparedSend

    /// The mint paid from.
    public var mint: MintURL { send.mint }
    /// What leaves the balance.
    public var total: UInt64 { send.total }

    /// Makes the token and the payload to deliver.
    /// - Throws: ``WalletError`` as ``PreparedSend/confirm()``.
    public func confirm() async throws(WalletError) -> RequestPaymentToken {
        let result = try await send.wallet.confirm(send)
        let payload = PaymentRequestPayload(
            id: request.id, memo: memo, mint: send.mint.rawValue, unit: send.unit.rawValue, proofs: result.token.proofs)
        return RequestPaymentToken(send: result, payload: payload, transport: transport)
    }

    /// Releases the held proofs; nothing is paid.
    public func cancel() async {
        await send.cancel()
    }
}

/// A confirmed payment of a payment request: the send made, and what to deliver where.
public struct RequestPaymentToken: Sendable {
    /// The token made (a pending send, reclaimable until the payee claims it; its figures are those of
    /// ``PreparedRequestPayment/send``).
    public var token: Token { send.token }
    /// The send.
    package let send: SendResult
    /// The NUT-18 payload to deliver.
    package let payload: PaymentRequestPayload
    /// Where to deliver it (``PreparedRequestPayment/transport``); `nil`: hand ``token`` over in band.
    package let transport: PaymentRequest.Transport?
}
