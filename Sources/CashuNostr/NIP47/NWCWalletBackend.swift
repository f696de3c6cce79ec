// NIP-47 — Nostr Wallet Connect: the wallet the service acts on. For a Cashu wallet: melt quotes and melts (NUT-05)
// pay, mint quotes (NUT-04) make invoices, the proofs' sum is the balance.

/// The wallet behind the service. Amounts are msats.
///
/// Paying is two steps so the service can reserve the budget for the amount *and* the fee reserve before anything
/// is spent: ``preparePayment(invoice:amountMsat:)`` (a melt quote) and ``pay(_:)`` (the melt).
package protocol NWCWalletBackend: Sendable {
    /// Prepares paying `invoice` for `amountMsat` (the invoice's amount, or the request's for an invoice without
    /// one): nothing is spent yet.
    ///
    /// - Throws: ``NWCBackendError`` (`insufficientBalance`, `paymentFailed` for an invoice the mint will not pay,
    ///   `notImplemented`, `unavailable`, …).
    func preparePayment(invoice: String, amountMsat: UInt64) async throws(NWCBackendError) -> NWCPaymentQuote

    /// Pays a prepared payment.
    ///
    /// - Returns: ``NWCPaymentOutcome/paid(preimage:feesPaidMsat:)``, or ``NWCPaymentOutcome/pending`` while its
    ///   outcome is not known.
    /// - Throws: ``NWCBackendError``: a code with ``NWCBackendError/Code/provesNothingSpent`` when the payment
    ///   definitely failed; any other code is taken as an outcome not yet known.
    func pay(_ quote: NWCPaymentQuote) async throws(NWCBackendError) -> NWCPaymentOutcome

    /// Gives up a prepared payment that will not be paid (over budget, or the budget could not be reserved): what
    /// the wallet holds for it is released. Nothing is spent.
    func cancelPayment(_ quote: NWCPaymentQuote) async

    /// Waits up to `timeout` for a pending payment's outcome.
    ///
    /// - Throws: as ``pay(_:)``.
    func awaitPayment(_ quote: NWCPaymentQuote, timeout: Duration) async throws(NWCBackendError) -> NWCPaymentOutcome

    /// Makes an invoice for `amountMsat` (a whole number of sats) with a description (or its hash) and an expiry.
    ///
    /// - Returns: the invoice as an incoming, pending transaction.
    func makeInvoice(
        amountMsat: UInt64, description: String?, descriptionHash: String?, expirySeconds: UInt64?
    ) async throws(NWCBackendError) -> NWCTransaction

    /// The invoice (incoming: a mint quote) or payment (outgoing: a melt) with `paymentHash` (lowercase hex) or
    /// `invoice`; `nil` when the wallet knows neither. A payment reports `state` `settled` with its preimage and fees,
    /// `failed`, or `pending` (the service settles or releases a connection's budget by it).
    func lookupInvoice(paymentHash: String?, invoice: String?) async throws(NWCBackendError) -> NWCTransaction?

    /// Invoices and payments, newest first, as `params` asks.
    func listTransactions(_ params: NWCListTransactionsParams) async throws(NWCBackendError) -> [NWCTransaction]

    /// The spendable balance, msats.
    func balanceMsat() async throws(NWCBackendError) -> UInt64

    /// What the wallet says about itself: alias, network, …; the service fills in `methods` and `notifications`.
    func info() async throws(NWCBackendError) -> NWCInfo
}

extension NWCWalletBackend {
    /// By default a prepared payment holds nothing, so there is nothing to release.
    package func cancelPayment(_ quote: NWCPaymentQuote) async {}

    /// By default a pending payment stays pending.
    package func awaitPayment(
        _ quote: NWCPaymentQuote, timeout: Duration
    ) async throws(NWCBackendError) -> NWCPaymentOutcome {
        .pending
    }

    /// By default there is no transaction list.
    package func listTransactions(
        _ params: NWCListTransactionsParams
    ) async throws(NWCBackendError) -> [NWCTransaction] {
        throw NWCBackendError(.notImplemented, "this wallet does not list transactions")
    }
}
