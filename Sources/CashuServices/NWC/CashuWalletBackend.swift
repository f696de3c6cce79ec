// NIP-47 — Nostr Wallet Connect: the Cashu wallet behind the service — NUT-05 melt quotes and melts pay invoices,
// NUT-04 mint quotes make them, the unspent sat proofs are the balance.

import CashuNostr
import CoreCashu
import Foundation

/// `NWCWalletBackend` over the wallet engine, paying from and invoicing at one mint (the connection's).
///
/// Every payment is a melt the engine journals before anything leaves the process: a melt the mint holds in flight
/// is `NWCPaymentOutcome/pending`, and only a failure that proves nothing was spent is reported as one
/// (`NWCPaymentErrors`). Amounts are sats on the engine's side, msats on the wire (`NWCAmount`).
package struct CashuWalletBackend: NWCWalletBackend {
    let wallet: Wallet
    /// The mint payments are made from and invoices made at.
    package let mint: MintURL
    let clock: @Sendable () -> Int64
    /// Payments prepared (their proofs held) and not yet paid or given up, by quote id.
    let prepared = Locked<[String: PreparedPayment]>([:])

    /// An unpaid melt quote is taken for a failed payment (its budget released) only this long after it last
    /// changed, seconds: until then it may be a payment still being prepared (a melt quote is made, then paid; the
    /// keyset sync and exact-amount swap before the melt is recorded can take minutes with timeouts and rate
    /// limits). The mint's expiry is not taken as proof: a mint may still pay an expired quote.
    static let unpaidQuoteGrace: Int64 = 600

    /// A backend.
    ///
    /// - Parameters:
    ///   - wallet: the wallet engine.
    ///   - mint: the mint to pay from and make invoices at.
    ///   - clock: now, seconds since the epoch.
    package init(wallet: Wallet, mint: MintURL, clock: @escaping @Sendable () -> Int64 = { NostrClock.now() }) {
        self.wallet = wallet
        self.mint = mint
        self.clock = clock
    }

    package func preparePayment(
        invoice: String, amountMsat: UInt64
    ) async throws(NWCBackendError) -> NWCPaymentQuote {
        guard let decoded = try? Bolt11Invoice(invoice) else {
            throw NWCBackendError(.invalidRequest, "the invoice is not a valid BOLT-11 invoice")
        }
        guard let invoiced = decoded.amountMillisatoshis else {
            throw NWCBackendError(.notImplemented, "this wallet pays invoices that carry their amount only")
        }
        guard invoiced == amountMsat, let sats = NWCAmount.wholeSats(amountMsat) else {
            throw NWCBackendError(.invalidRequest, "this wallet pays whole sats only")
        }
        // One payment per invoice across the wallet (another connection, `cashu pay`): a hash already paid or in
        // flight at any mint is not paid again.
        if let hash = Self.paymentHash(of: invoice) {
            let quotes: [StoredMeltQuote]
            do { quotes = try await wallet.meltQuotes() } catch {
                throw NWCBackendError(.unavailable, "the wallet could not read its payments; nothing was paid")
            }
            let earlier = quotes.filter { $0.state == .paid || $0.state == .pending }
            if earlier.contains(where: { Self.paymentHash(of: $0.request) == hash }) {
                throw NWCBackendError(.invalidRequest, "this wallet already paid this invoice, or is paying it")
            }
        }
        let quote: StoredMeltQuote
        do { quote = try await wallet.meltQuote(request: invoice, mint: mint, unit: .sat) } catch {
            throw NWCPaymentErrors.quote(error)
        }
        guard quote.amount == sats else {
            throw NWCBackendError(.other, "the mint quoted another amount than the invoice's; nothing was paid")
        }
        // The engine holds the proofs and states every fee: the budget reserves the most the payment can cost.
        let payment: PreparedPayment
        do { payment = try await wallet.preparePayment(quoteID: quote.id) } catch {
            throw NWCPaymentErrors.quote(error)
        }
        guard let feeReserveMsat = NWCAmount.msat(payment.most - payment.amount) else {
            await payment.cancel()
            throw NWCBackendError(.other, "the fee reserve is beyond any balance")
        }
        prepared.withLock { $0[quote.id] = payment }
        return NWCPaymentQuote(
            id: quote.id, invoice: invoice, paymentHash: Hex.encode(decoded.paymentHash), amountMsat: amountMsat,
            feeReserveMsat: feeReserveMsat)
    }

    package func pay(_ quote: NWCPaymentQuote) async throws(NWCBackendError) -> NWCPaymentOutcome {
        let result: MeltResult
        do {
            if let payment = prepared.withLock({ $0.removeValue(forKey: quote.id) }) {
                result = try await payment.confirm()
            } else {
                result = try await wallet.melt(quoteID: quote.id)
            }
        } catch {
            throw NWCPaymentErrors.melt(error)
        }
        return Self.outcome(result)
    }

    package func cancelPayment(_ quote: NWCPaymentQuote) async {
        await prepared.withLock { $0.removeValue(forKey: quote.id) }?.cancel()
    }

    package func awaitPayment(
        _ quote: NWCPaymentQuote, timeout: Duration
    ) async throws(NWCBackendError) -> NWCPaymentOutcome {
        do { return Self.outcome(try await wallet.waitForMelt(quoteID: quote.id, timeout: timeout)) } catch {
            if error.code == .pending { return .pending }
            throw NWCPaymentErrors.wait(error)
        }
    }

    package func makeInvoice(
        amountMsat: UInt64, description: String?, descriptionHash: String?, expirySeconds: UInt64?
    ) async throws(NWCBackendError) -> NWCTransaction {
        guard descriptionHash == nil else {
            throw NWCBackendError(.notImplemented, "this wallet cannot make an invoice for a description hash")
        }
        guard let sats = NWCAmount.wholeSats(amountMsat), sats > 0 else {
            throw NWCBackendError(.invalidRequest, "this wallet makes invoices for whole sats only")
        }
        // NUT-04: a description is sent only to a mint that says it takes one; the invoice then says what it says.
        let takesDescription =
            (try? await wallet.capabilities(of: mint))?.mintSetting(unit: .sat)?.options?.description == true
        let quote: StoredMintQuote
        do {
            quote = try await wallet.requestMintQuote(
                amount: sats, mint: mint, unit: .sat, description: takesDescription ? description : nil)
        } catch {
            throw Self.invoiceError(error)
        }
        guard var transaction = Self.transaction(incoming: quote, state: .pending, now: clock()) else {
            throw NWCBackendError(.other, "the mint's invoice cannot be read")
        }
        transaction.description = takesDescription ? description : nil
        return transaction
    }

    package func balanceMsat() async throws(NWCBackendError) -> UInt64 {
        do { return NWCAmount.msatSaturating(try await wallet.balance(unit: .sat)) } catch {
            throw NWCBackendError(.unavailable, "the wallet could not read its balance")
        }
    }

    package func info() async throws(NWCBackendError) -> NWCInfo {
        let invoice = (try? await wallet.mintQuotes(mint: mint))?.first?.request
        let network = invoice.flatMap { try? Bolt11Invoice($0) }.flatMap { Self.network(currency: $0.currency) }
        return NWCInfo(alias: "Cashu wallet (\(mint.rawValue))", network: network)
    }

    /// The outcome of a melt the engine returned: paid, or in flight.
    static func outcome(_ result: MeltResult) -> NWCPaymentOutcome {
        guard result.state == .paid else { return .pending }
        return .paid(preimage: result.paymentPreimage ?? "", feesPaidMsat: NWCAmount.msatSaturating(result.fee))
    }

    /// BOLT-11's currency prefix as NIP-47's network name.
    static func network(currency: String) -> String? {
        switch currency {
        case "bc": "mainnet"
        case "tb": "testnet"
        case "tbs": "signet"
        case "bcrt": "regtest"
        default: nil
        }
    }

    private static func invoiceError(_ error: WalletError) -> NWCBackendError {
        switch error.code {
        case .unsupported, .invalidInput:
            NWCBackendError(.invalidRequest, "the mint does not make an invoice for this amount")
        case .mintUnreachable: NWCBackendError(.unavailable, "the mint cannot be reached")
        case .unknownMint: NWCBackendError(.restricted, "this connection's mint is no longer in the wallet")
        default: NWCBackendError(.other, "the mint made no invoice")
        }
    }

}
