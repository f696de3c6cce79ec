// NIP-47 — Nostr Wallet Connect: the invoices connections made, kept until the service has seen each paid (and told
// its client) or expired.

import CashuNostr
import CoreCashu

extension NWCWalletStore {
    /// Remembers an invoice a connection made.
    ///
    /// - Throws: `NostrError` `.storage`.
    package func recordInvoice(_ invoice: NWCMadeInvoice) async throws(NostrError) {
        do {
            try await store.write { tx in
                var invoices = try NWCMetadata.read(NWCMetadata.invoices, in: tx, empty: [String: NWCMadeInvoice]())
                invoices[invoice.paymentHash] = invoice
                try NWCMetadata.write(invoices, NWCMetadata.invoices, in: tx)
            }
        } catch {
            throw NWCMetadata.storageError("remember the invoice", error)
        }
    }

    /// The invoices still watched, oldest first.
    package func madeInvoices() async throws(NostrError) -> [NWCMadeInvoice] {
        do {
            return try await store.read { tx in
                try NWCMetadata.read(NWCMetadata.invoices, in: tx, empty: [String: NWCMadeInvoice]())
            }.values.sorted { ($0.createdAt, $0.paymentHash) < ($1.createdAt, $1.paymentHash) }
        } catch {
            throw NWCMetadata.storageError("read the invoices", error)
        }
    }

    /// Stops watching the invoice of `paymentHash` (paid and announced, or expired).
    package func forgetInvoice(paymentHash: String) async throws(NostrError) {
        do {
            try await store.write { tx in
                var invoices = try NWCMetadata.read(NWCMetadata.invoices, in: tx, empty: [String: NWCMadeInvoice]())
                guard invoices.removeValue(forKey: paymentHash) != nil else { return }
                try NWCMetadata.write(invoices, NWCMetadata.invoices, in: tx)
            }
        } catch {
            throw NWCMetadata.storageError("forget the invoice", error)
        }
    }
}
