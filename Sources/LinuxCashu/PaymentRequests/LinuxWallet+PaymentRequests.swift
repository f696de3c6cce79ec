// LinuxWallet: paying NUT-18/26 payment requests — the engine prepares and confirms, this delivers over HTTP POST
// (through the wallet's proxy) or as a NIP-17 direct message.

import CashuNostr
import CoreCashu

extension LinuxWallet {
    /// Prepares paying `request` (`Wallet/preparePaymentRequest(_:amount:mint:preferredMint:memo:holdFor:)`), after
    /// checking that its transport can be used: a Nostr target must be an npub or nprofile. Nothing is spent.
    /// - Throws: `WalletError` as the engine's, `invalidInput` for a Nostr target that is no key.
    public func preparePaymentRequest(
        _ request: PaymentRequest, amount: UInt64? = nil, mint: MintURL? = nil, preferredMint: MintURL? = nil,
        memo: String? = nil, holdFor: Duration? = nil
    ) async throws(WalletError) -> PreparedRequestPayment {
        if let nostr = request.transports?.first(where: { $0.kind == .nostr }),
            request.transports?.contains(where: { $0.kind == .post }) != true,
            (try? NostrProfile(nip19: nostr.target)) == nil
        {
            throw WalletError(.invalidInput, "the request's Nostr target is not an npub or nprofile; nothing was paid")
        }
        return try await wallet.preparePaymentRequest(
            request, amount: amount, mint: mint, preferredMint: preferredMint, memo: memo, holdFor: holdFor)
    }

    /// Delivers a confirmed payment to its payee. A request without a transport needs nothing delivered (the token is
    /// handed over in band).
    /// - Throws: `WalletError` `deliveryFailed` when the payee cannot be reached or refused it (HTTP), or no relay
    ///   confirmed it (Nostr: it may still arrive). The token stays a pending send either way.
    public func deliver(_ payment: RequestPaymentToken) async throws(WalletError) {
        guard let transport = payment.transport else { return }
        switch transport.kind {
        case .post:
            let (client, proxied) = httpClient.clientForOthers()
            do {
                try await PaymentRequestPoster(httpClient: client, proxied: proxied)
                    .post(payment.payload, to: transport.target)
            } catch {
                throw WalletError(
                    error.code, error.reason, operationID: payment.send.operationID, underlying: error.underlying)
            }
        case .nostr:
            do { _ = try await deliverOverNostr(payment.payload, to: transport) } catch {
                throw WalletError(
                    .deliveryFailed,
                    "no relay confirmed the payment over Nostr (\(error.reason)); it may still arrive, so take it "
                        + "back before paying again",
                    operationID: payment.send.operationID, underlying: error)
            }
        default:
            throw WalletError(
                .unsupported, "the request's transport cannot be used", operationID: payment.send.operationID)
        }
    }
}
