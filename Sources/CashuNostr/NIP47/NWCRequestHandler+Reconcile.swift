// NIP-47 — Nostr Wallet Connect: settling a connection's pending payments (reported in flight to the client) once
// the wallet knows their outcome, e.g. after a Cashu wallet's melt recovery.

extension NWCRequestHandler {
    /// Asks the wallet about each payment `connection` has pending (as an outgoing transaction,
    /// ``NWCWalletBackend/lookupInvoice(paymentHash:invoice:)``), settles the paid ones and releases the failed ones
    /// in its ledger. A payment the wallet does not know, or still reports pending, keeps its reservation.
    ///
    /// The relay loop calls it at start-up and from time to time; it sends no notification itself
    /// (``notificationEvents(_:for:)`` makes `payment_sent` for the settled ones).
    /// - Returns: what became of each pending payment.
    /// - Throws: ``NostrError`` `.storage` when the ledger cannot be read or written.
    package func reconcilePendingPayments(of connection: NWCConnection) async throws(NostrError) -> NWCReconciliation {
        let pending = try await store.updateLedger(connectionID: connection.id) { ledger in
            ledger.spends.filter { $0.state == .pending }
        }
        var result = NWCReconciliation()
        for spend in pending {
            let hash = spend.paymentHash
            let found: NWCTransaction?
            do throws(NWCBackendError) {
                found = try await backend.lookupInvoice(paymentHash: hash, invoice: nil)
            } catch {
                result.stillPending.append(hash)
                continue
            }
            guard let transaction = found, transaction.type == .outgoing else {
                result.stillPending.append(hash)
                continue
            }
            switch transaction.state {
            case .settled? where transaction.preimage != nil:
                let (cost, overflow) = transaction.amount.addingReportingOverflow(transaction.feesPaid)
                let spent = overflow ? UInt64.max : NWCAmount.satsRoundingUp(cost)
                let preimage = transaction.preimage ?? ""
                let fees = transaction.feesPaid
                try await store.updateLedger(connectionID: connection.id) { ledger in
                    ledger.settle(paymentHash: hash, spentSats: spent, preimage: preimage, feesPaidMsat: fees)
                }
                result.settled.append(hash)
            case .failed?:
                try await store.updateLedger(connectionID: connection.id) { $0.release(paymentHash: hash) }
                result.released.append(hash)
            default:
                result.stillPending.append(hash)
            }
        }
        return result
    }
}
