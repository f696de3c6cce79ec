// NIP-47 — Nostr Wallet Connect: `lookup_invoice` and `list_transactions` over the wallet's quotes — mint quotes are
// the invoices it made (incoming), melt quotes the payments it made (outgoing), matched by payment hash.

import CashuNostr
import CoreCashu
import Foundation

extension CashuWalletBackend {
    /// The payment (a melt quote of the wallet, any mint) or invoice (a mint quote) with `paymentHash`.
    ///
    /// A payment is `settled` once its quote is paid, `pending` while its melt is in flight (asked once more of the
    /// mint, briefly) or its quote is fresh and unpaid (it may be about to be paid), `failed` once its quote is unpaid
    /// and no longer fresh: the engine marks a quote unpaid only when no melt of it is open. An invoice is `settled`
    /// once paid (it is minted then, if it was not), `expired` past its expiry, else `pending` (asked of the mint).
    package func lookupInvoice(paymentHash: String?, invoice: String?) async throws(NWCBackendError)
        -> NWCTransaction?
    {
        var hash = paymentHash?.lowercased()
        if hash == nil, let invoice { hash = Self.paymentHash(of: invoice) }
        guard let hash else { return nil }
        if let payment = try await payment(paymentHash: hash) { return payment }
        return try await receivedInvoice(paymentHash: hash)
    }

    package func listTransactions(
        _ params: NWCListTransactionsParams
    ) async throws(NWCBackendError) -> [NWCTransaction] {
        let now = clock()
        var all: [NWCTransaction] = []
        do {
            if params.type != .incoming {
                let fees = try await paidFees()
                for quote in try await wallet.meltQuotes() where quote.unit == .sat {
                    guard let transaction = Self.transaction(outgoing: quote, fees: fees[quote.id], now: now) else {
                        continue
                    }
                    all.append(transaction)
                }
            }
            if params.type != .outgoing {
                for quote in try await wallet.mintQuotes() where quote.unit == .sat {
                    let state = Self.invoiceState(quote, now: now)
                    guard let transaction = Self.transaction(incoming: quote, state: state, now: now) else { continue }
                    all.append(transaction)
                }
            }
        } catch {
            throw NWCBackendError(.unavailable, "the wallet could not read its history")
        }
        let unpaid = params.unpaid ?? false
        let chosen = all.filter { transaction in
            (params.from.map { transaction.createdAt >= $0 } ?? true)
                && (params.until.map { transaction.createdAt <= $0 } ?? true)
                && (unpaid || transaction.type == .outgoing || transaction.state == .settled)
        }
        .sorted { ($0.createdAt, $0.paymentHash) > ($1.createdAt, $1.paymentHash) }
        return Array(chosen.dropFirst(max(params.offset ?? 0, 0)).prefix(max(params.limit ?? 50, 0)))
    }

    /// The outgoing payment of `paymentHash`, from its melt quotes: paid first, then in flight, then unpaid.
    private func payment(paymentHash: String) async throws(NWCBackendError) -> NWCTransaction? {
        let quotes: [StoredMeltQuote]
        do { quotes = try await wallet.meltQuotes().filter { Self.paymentHash(of: $0.request) == paymentHash } } catch {
            throw NWCBackendError(.unavailable, "the wallet could not read its payments")
        }
        let rank: [MeltQuoteState: Int] = [.paid: 0, .pending: 1]
        guard var quote = quotes.min(by: { (rank[$0.state] ?? 2) < (rank[$1.state] ?? 2) }) else { return nil }
        if quote.state == .pending {
            // Asked once more of the mint; the engine settles (or releases) it if the mint now knows.
            _ = try? await wallet.waitForMelt(quoteID: quote.id, timeout: .seconds(2))
            if let fresh = try? await wallet.meltQuotes().first(where: { $0.id == quote.id }) { quote = fresh }
        }
        var fee: UInt64?
        if quote.state == .paid { fee = try? await paidFees()[quote.id] }
        return Self.transaction(outgoing: quote, fees: fee, now: clock())
    }

    /// The invoice of `paymentHash` the wallet made, minted once paid.
    private func receivedInvoice(paymentHash: String) async throws(NWCBackendError) -> NWCTransaction? {
        let now = clock()
        let found: StoredMintQuote?
        do { found = try await wallet.mintQuotes().first { Self.paymentHash(of: $0.request) == paymentHash } } catch {
            throw NWCBackendError(.unavailable, "the wallet could not read its invoices")
        }
        guard var quote = found else { return nil }
        if quote.state == .unpaid, Self.invoiceState(quote, now: now) == .pending {
            if let checked = try? await wallet.checkMintQuote(quote.id) { quote = checked }
        }
        if quote.state == .paid {
            // Paid: minted now (another process may have minted it meanwhile; the quote says so then).
            _ = try? await wallet.mint(quoteID: quote.id)
        }
        return Self.transaction(incoming: quote, state: Self.invoiceState(quote, now: now), now: now)
    }

    /// What each paid melt of the last few hundred operations cost beyond its amount, by quote id.
    func paidFees() async throws(WalletError) -> [String: UInt64] {
        var fees: [String: UInt64] = [:]
        for entry in try await wallet.history(limit: 500) where entry.kind == .melt && entry.state == .done {
            if let quote = try await wallet.meltQuote(operation: entry.id) {
                fees[quote.id] = try await wallet.paidMeltFee(of: entry)
            }
        }
        return fees
    }

    /// An invoice's state: settled once paid, expired past its expiry, else pending.
    static func invoiceState(_ quote: StoredMintQuote, now: Int64) -> NWCTransactionState {
        switch quote.state {
        case .paid, .issued: return .settled
        default:
            if let expiry = quote.expiry, Int64(clamping: expiry) <= now { return .expired }
            return .pending
        }
    }

    /// A made invoice as an incoming transaction; `nil` when its invoice cannot be decoded.
    static func transaction(
        incoming quote: StoredMintQuote, state: NWCTransactionState, now: Int64
    ) -> NWCTransaction? {
        guard let hash = paymentHash(of: quote.request), let amount = NWCAmount.msat(quote.amount) else { return nil }
        let settled = state == .settled ? Int64(quote.updatedAt.timeIntervalSince1970) : nil
        return NWCTransaction(
            type: .incoming, state: state, invoice: quote.request, paymentHash: hash, amount: amount,
            createdAt: Int64(quote.createdAt.timeIntervalSince1970),
            expiresAt: quote.expiry.map { Int64(clamping: $0) },
            settledAt: settled)
    }

    /// A melt quote as an outgoing transaction; `fees` in sats when known (a paid one whose cost is not found counts
    /// its whole fee reserve: a budget must never read less than was spent).
    static func transaction(outgoing quote: StoredMeltQuote, fees: UInt64?, now: Int64) -> NWCTransaction? {
        guard let hash = paymentHash(of: quote.request), let amount = NWCAmount.msat(quote.amount) else { return nil }
        let updated = Int64(quote.updatedAt.timeIntervalSince1970)
        let state: NWCTransactionState
        switch quote.state {
        case .paid: state = .settled
        case .pending: state = .pending
        default:
            state = now - updated >= unpaidQuoteGrace ? .failed : .pending
        }
        let paid = state == .settled
        return NWCTransaction(
            type: .outgoing, state: state, invoice: quote.request,
            preimage: paid ? (quote.paymentPreimage ?? "") : nil,
            paymentHash: hash, amount: amount,
            feesPaid: paid ? NWCAmount.msatSaturating(fees ?? quote.feeReserve) : 0,
            createdAt: Int64(quote.createdAt.timeIntervalSince1970),
            expiresAt: quote.expiry.map { Int64(clamping: $0) },
            settledAt: paid ? updated : nil)
    }

    /// The payment hash (lowercase hex) of a BOLT-11 invoice.
    static func paymentHash(of invoice: String) -> String? {
        (try? Bolt11Invoice(invoice)).map { Hex.encode($0.paymentHash) }
    }
}
