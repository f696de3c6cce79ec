// NIP-47 tests — a wallet backend that records what it is asked and answers as the test sets it up.

import CashuEngine

@testable import CashuNostr

/// A fake wallet: a balance, invoices it made, payments it made.
actor NWCTestWallet: NWCWalletBackend {
    /// What ``pay(_:)`` does.
    enum PayBehaviour: Sendable {
        /// Paid with these fees (msat).
        case paid(feesMsat: UInt64)
        /// Pending, and still pending after the wait.
        case pending
        /// Pending, then paid during the wait.
        case pendingThenPaid(feesMsat: UInt64)
        /// Throws this error.
        case fails(NWCBackendError)
    }

    var balance: UInt64 = 100_000_000
    var feeReserveMsat: UInt64 = 2_000
    var payBehaviour: PayBehaviour = .paid(feesMsat: 1_000)
    var prepareError: NWCBackendError?
    var preimage = String(repeating: "ab", count: 32)
    /// The quotes paid (each call to `pay`).
    private(set) var payments: [NWCPaymentQuote] = []
    private(set) var prepared: [String] = []
    private(set) var madeInvoices: [NWCTransaction] = []
    private(set) var lookups: [(paymentHash: String?, invoice: String?)] = []
    private(set) var waits = 0
    var known: [String: NWCTransaction] = [:]

    func set(behaviour: PayBehaviour) { payBehaviour = behaviour }
    func set(feeReserveMsat: UInt64) { self.feeReserveMsat = feeReserveMsat }
    func set(prepareError: NWCBackendError?) { self.prepareError = prepareError }
    func add(_ transaction: NWCTransaction) { known[transaction.paymentHash] = transaction }

    func preparePayment(invoice: String, amountMsat: UInt64) throws(NWCBackendError) -> NWCPaymentQuote {
        prepared.append(invoice)
        if let prepareError { throw prepareError }
        guard balance >= amountMsat + feeReserveMsat else {
            throw NWCBackendError(.insufficientBalance, "not enough ecash")
        }
        let hash = (try? Bolt11Invoice(invoice)).map { Hex.encode($0.paymentHash) } ?? ""
        return NWCPaymentQuote(
            id: "quote-\(prepared.count)", invoice: invoice, paymentHash: hash, amountMsat: amountMsat,
            feeReserveMsat: feeReserveMsat)
    }

    func pay(_ quote: NWCPaymentQuote) throws(NWCBackendError) -> NWCPaymentOutcome {
        payments.append(quote)
        switch payBehaviour {
        case .paid(let fees):
            balance -= quote.amountMsat + fees
            return .paid(preimage: preimage, feesPaidMsat: fees)
        case .pending, .pendingThenPaid:
            return .pending
        case .fails(let error):
            throw error
        }
    }

    func awaitPayment(_ quote: NWCPaymentQuote, timeout: Duration) throws(NWCBackendError) -> NWCPaymentOutcome {
        waits += 1
        if case .pendingThenPaid(let fees) = payBehaviour {
            balance -= quote.amountMsat + fees
            return .paid(preimage: preimage, feesPaidMsat: fees)
        }
        return .pending
    }

    func makeInvoice(
        amountMsat: UInt64, description: String?, descriptionHash: String?, expirySeconds: UInt64?
    ) throws(NWCBackendError) -> NWCTransaction {
        let hash = Hex.encode([UInt8](repeating: 0, count: 31) + [UInt8(madeInvoices.count + 1)])
        let transaction = NWCTransaction(
            type: .incoming, state: .pending, invoice: "lnbc-test-\(madeInvoices.count + 1)",
            description: description, descriptionHash: descriptionHash, paymentHash: hash, amount: amountMsat,
            createdAt: 1_750_000_000, expiresAt: 1_750_000_000 + Int64(expirySeconds ?? 3600))
        madeInvoices.append(transaction)
        known[hash] = transaction
        return transaction
    }

    func lookupInvoice(paymentHash: String?, invoice: String?) throws(NWCBackendError) -> NWCTransaction? {
        lookups.append((paymentHash, invoice))
        return paymentHash.flatMap { known[$0] }
    }

    func listTransactions(_ params: NWCListTransactionsParams) throws(NWCBackendError) -> [NWCTransaction] {
        let all = known.values.sorted { ($0.createdAt, $0.paymentHash) > ($1.createdAt, $1.paymentHash) }
        return all.filter { params.type == nil || $0.type == params.type }.prefix(params.limit ?? .max).map { $0 }
    }

    func balanceMsat() throws(NWCBackendError) -> UInt64 { balance }

    func info() throws(NWCBackendError) -> NWCInfo {
        NWCInfo(alias: "test wallet", network: "regtest", methods: [.signMessage])
    }
}
