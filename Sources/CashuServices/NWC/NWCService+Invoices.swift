// NIP-47 — Nostr Wallet Connect: invoices made through a connection, waited for (NUT-17 where the mint offers it),
// minted once paid and announced to the connection's client (`payment_received`).

import CashuNostr
import CoreCashu
import Foundation

extension NWCService {
    /// Waits for one invoice (at most ``NWCServiceSettings/invoiceWaitLimit``, or until it expires), mints it once
    /// paid and tells the client. An expired or vanished invoice is forgotten; one still unpaid, or paid but not yet
    /// minted (mint out of reach), is looked at again by the next poll.
    func watch(_ invoice: NWCMadeInvoice, access: any NostrRelayAccess) async {
        let quotes = try? await engine.mintQuotes()
        guard let quotes else { return }
        guard let quote = quotes.first(where: { CashuWalletBackend.paymentHash(of: $0.request) == invoice.paymentHash })
        else {
            try? await store.forgetInvoice(paymentHash: invoice.paymentHash)
            return
        }
        var current = quote
        let now = NostrClock.now()
        if current.state == .unpaid {
            if CashuWalletBackend.invoiceState(current, now: now) == .expired {
                try? await store.forgetInvoice(paymentHash: invoice.paymentHash)
                return
            }
            var wait = settings.invoiceWaitLimit
            if let expiry = current.expiry { wait = min(wait, .seconds(max(Int64(clamping: expiry) - now, 1))) }
            do { current = try await engine.waitForMintQuote(quote.id, timeout: wait) } catch {
                return
            }
        }
        if current.state == .paid {
            // Another process (the wallet service's own quote watch, `cashu mint`) may mint it first.
            _ = try? await engine.mint(quoteID: quote.id)
            guard let reread = try? await engine.mintQuotes().first(where: { $0.id == quote.id }) else { return }
            current = reread
        }
        guard current.state == .issued else { return }
        guard let records = try? await store.records(),
            let record = records.first(where: { $0.id == invoice.connectionID })
        else {
            try? await store.forgetInvoice(paymentHash: invoice.paymentHash)
            return
        }
        if let transaction = CashuWalletBackend.transaction(incoming: current, state: .settled, now: NostrClock.now()) {
            let handler = NWCRequestHandler(
                store: store, backend: CashuWalletBackend(wallet: engine, mint: record.mint),
                configuration: configuration)
            await notify(.paymentReceived(transaction), record: record, handler: handler, access: access)
        }
        try? await store.forgetInvoice(paymentHash: invoice.paymentHash)
        logger.info("wallet connect invoice paid", metadata: ["connection": "\(record.id)"])
        onEvent(.invoicePaid(connectionID: record.id, paymentHash: invoice.paymentHash))
    }
}
