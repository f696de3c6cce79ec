// LinuxWallet: preparing a payment to whatever the user typed — a bolt11 invoice (NUT-05), a Lightning address or
// LNURL (LUD-06/16: the payee's invoice for the amount, checked), a BIP-353 address (₿user@domain: the invoice or
// payment request it publishes in DNS), or a payment request (NUT-18/26). The engine prepares; this resolves.

import CoreCashu
import Foundation

extension LinuxWallet {
    /// Prepares paying `destination`; nothing is spent until the prepared payment is confirmed.
    ///
    /// ```swift
    /// let prepared = try await linux.preparePay("alice@example.com", amount: 21)
    /// if case .invoice(let payment) = prepared {
    ///     print("pay \(payment.amount) + up to \(payment.most - payment.amount) sat in fees?")
    ///     _ = try await payment.confirm()
    /// }
    /// ```
    /// - Parameters:
    ///   - destination: a bolt11 invoice, a Lightning address (`user@domain`), an LNURL, a BIP-353 address
    ///     (`₿user@domain`) or a payment request (`creqA…`, `creqb1…`).
    ///   - amount: the amount for a Lightning address or LNURL (required there, in sat); for an invoice it must be
    ///     the invoice's own amount when given; for a request, its amount when the request leaves it open.
    ///   - mint: the mint to pay from. `nil`: the default mint, else the wallet's only mint (a payment request
    ///     chooses among the mints it accepts, the default first).
    ///   - unit: the unit of an invoice's payment (Lightning addresses are paid in sat).
    ///   - comment: a comment for the payee of a Lightning address (LUD-12), or the memo of a payment request.
    ///   - holdFor: how long the proofs stay held unconfirmed (`WalletOptions.preparedHold` when `nil`).
    /// - Throws: `WalletError`: `invalidInput` for a destination or amount that cannot be paid, `deliveryFailed`
    ///   when the payee's LNURL server or the DNS resolver cannot be reached or refuses, `invalidMintResponse` for a
    ///   DNS answer or a payee's answer or invoice that cannot be trusted, `unsupported` for a BIP-353 lookup
    ///   through a proxy, and what preparing the payment throws (`unknownMint`, `insufficientFunds`,
    ///   `mintUnreachable`, …).
    public func preparePay(
        _ destination: String, amount: UInt64? = nil, from mint: MintURL? = nil, unit: CurrencyUnit = .sat,
        comment: String? = nil, holdFor: Duration? = nil
    ) async throws(WalletError) -> PreparedPay {
        switch try PaymentDestination.parse(destination) {
        case .invoice(let invoice):
            return .invoice(
                try await prepareInvoice(invoice, amount: amount, mint: mint, unit: unit, holdFor: holdFor))
        case .lnurl(let target):
            guard unit == .sat else { throw WalletError(.invalidInput, "Lightning addresses are paid in sat") }
            guard let amount, amount > 0 else {
                throw WalletError(.invalidInput, "give the amount to pay \(target), in sat")
            }
            let invoice = try await lnurlInvoice(target, sat: amount, comment: comment)
            return .invoice(try await prepareInvoice(invoice, amount: amount, mint: mint, unit: unit, holdFor: holdFor))
        case .bip353(let address):
            switch try await paymentInstructions(address) {
            case .invoice(let invoice):
                return .invoice(
                    try await prepareInvoice(invoice, amount: amount, mint: mint, unit: unit, holdFor: holdFor))
            case .request(let request):
                return .request(
                try await prepareRequest(request, amount: amount, mint: mint, memo: comment, holdFor: holdFor))
            default:
                throw WalletError(.invalidInput, "\(address) published nothing payable")
            }
        case .request(let request):
            return .request(
                try await prepareRequest(request, amount: amount, mint: mint, memo: comment, holdFor: holdFor))
        }
    }

    /// Prepares paying a bolt11 invoice from `mint` (else the default mint, else the only one).
    private func prepareInvoice(
        _ invoice: String, amount: UInt64?, mint: MintURL?, unit: CurrencyUnit, holdFor: Duration?
    ) async throws(WalletError) -> PreparedPayment {
        if let amount {
            // The amount the user gave must be the invoice's own, in the unit paid; other units cannot be compared.
            let asked: UInt64? =
                switch unit {
                case .sat: Bolt11Amount.satoshis(invoice)
                case .msat: Bolt11Amount.millisatoshis(invoice)
                default: nil
                }
            guard asked == amount else {
                throw WalletError(.invalidInput, "the payee's invoice is not for \(amount) \(unit); nothing was paid")
            }
        }
        return try await wallet.preparePay(
            request: invoice, mint: try await payingMint(mint), unit: unit, holdFor: holdFor)
    }

    /// Prepares paying a payment request, the default mint preferred.
    private func prepareRequest(
        _ request: PaymentRequest, amount: UInt64?, mint: MintURL?, memo: String?, holdFor: Duration?
    ) async throws(WalletError) -> PreparedRequestPayment {
        try await preparePaymentRequest(
            request, amount: amount, mint: mint, preferredMint: try await wallet.defaultMint(), memo: memo,
            holdFor: holdFor)
    }

    /// The mint a Lightning payment is made from: `explicit`, else the default mint, else the wallet's only mint.
    private func payingMint(_ explicit: MintURL?) async throws(WalletError) -> MintURL {
        if let explicit { return explicit }
        if let chosen = try await wallet.defaultMint() { return chosen }
        let known = try await wallet.mints()
        if known.count == 1, let only = known.first { return only.url }
        let reason =
            known.isEmpty
            ? "the wallet has no mint to pay from" : "several mints and no default: choose one to pay from"
        throw WalletError(.unknownMint, reason)
    }

    /// The payee's invoice for `sat` from a Lightning address or LNURL, checked against the amount and the payee's
    /// metadata (LUD-06), fetched through the wallet's proxy.
    private func lnurlInvoice(_ target: LNURLPayTarget, sat: UInt64, comment: String?) async throws(WalletError)
        -> String
    {
        let (millisatoshis, overflow) = sat.multipliedReportingOverflow(by: 1000)
        guard !overflow else { throw WalletError(.invalidInput, "the amount is too large") }
        let (client, proxied) = httpClient.clientForOthers()
        let lnurl = LNURLClient(httpClient: client, proxied: proxied)
        do {
            let parameters = try await lnurl.payParameters(target)
            return try await lnurl.invoice(parameters, millisatoshis: millisatoshis, comment: comment)
        } catch {
            let code: WalletError.Code =
                switch error.code {
                case .invalidAddress, .invalidComment, .amountOutOfRange: .invalidInput
                case .unreachable, .payeeRefused: .deliveryFailed
                default: .invalidMintResponse  // an answer or invoice that cannot be trusted
                }
            throw WalletError(code, "\(target): \(error.reason); nothing was paid", underlying: error)
        }
    }

    /// What BIP-353 `address` publishes, read with the machine's resolver (`CASHU_DNS_SERVER`, else
    /// /etc/resolv.conf), DNSSEC-validated unless `CASHU_DNS_INSECURE=1`.
    private func paymentInstructions(_ address: BIP353Address) async throws(WalletError) -> PaymentDestination {
        guard configuration.proxy == nil else {
            throw WalletError(
                .unsupported, "a BIP-353 lookup is a DNS query, which would bypass the proxy; pay an invoice instead")
        }
        let environment = configuration.environment
        let uri: BitcoinPaymentURI
        do {
            uri = try await DNSTXTResolver.system(environment: environment).resolve(
                address, requireValidation: environment["CASHU_DNS_INSECURE"] != "1")
        } catch {
            let code: WalletError.Code =
                switch error.code {
                case .invalidAddress, .notFound, .unsupported: .invalidInput
                case .unreachable: .deliveryFailed
                default: .invalidMintResponse
                }
            throw WalletError(code, "\(address): \(error.reason)", underlying: error)
        }
        if let text = uri.paymentRequest {
            do { return .request(try PaymentRequest(parsing: text)) } catch {
                throw WalletError(
                    .invalidInput, "\(address) publishes a payment request that cannot be read: \(error.reason)")
            }
        }
        if let invoice = uri.invoice { return .invoice(invoice) }
        let ways = [uri.offer.map { _ in "a BOLT12 offer (NUT-25)" }, uri.address.map { _ in "an on-chain address" }]
            .compactMap(\.self).joined(separator: " and ")
        throw WalletError(
            .invalidInput, "\(address) can only be paid with \(ways.isEmpty ? "nothing this wallet knows" : ways)")
    }
}
