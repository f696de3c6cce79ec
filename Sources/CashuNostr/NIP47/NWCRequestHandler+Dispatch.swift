// NIP-47 — Nostr Wallet Connect: the service's commands other than `pay_invoice` — `make_invoice`,
// `lookup_invoice`, `list_transactions`, `get_balance`, `get_info`, `get_budget`.

import CashuEngine

extension NWCRequestHandler {
    /// The response to a request the connection may make.
    func dispatch(_ request: NWCRequest, exchange: Exchange, at now: Int64) async -> NWCResponse {
        let method = request.method
        do throws(NWCBackendError) {
            switch request.params {
            case .payInvoice(let params):
                return await payInvoice(params, exchange: exchange, at: now)
            case .makeInvoice(let params):
                return try await makeInvoice(params)
            case .lookupInvoice(let params):
                return try await lookupInvoice(params)
            case .listTransactions(let params):
                return .success(method, .transactions(try await backend.listTransactions(params)))
            case .getBalance:
                return .success(method, .balance(msat: try await backend.balanceMsat()))
            case .getInfo:
                return .success(method, .info(try await info(for: exchange.connection)))
            case .getBudget:
                return await budget(of: exchange.connection, at: now)
            case .other:
                return .failure(method.rawValue, .notImplemented, "\(method) is not implemented")
            }
        } catch {
            return .failure(method.rawValue, error.code.responseCode, error.reason)
        }
    }

    /// `make_invoice`: a whole number of sats above zero (NIP-47 amounts are msats; see ``NWCAmount``).
    private func makeInvoice(_ params: NWCMakeInvoiceParams) async throws(NWCBackendError) -> NWCResponse {
        let method = NWCMethod.makeInvoice.rawValue
        guard params.amount > 0 else { return .failure(method, .other, "the amount must be above zero") }
        guard NWCAmount.wholeSats(params.amount) != nil else {
            return .failure(
                method, .other, "this wallet makes invoices for whole sats only; \(params.amount) msat is not")
        }
        if let hash = params.descriptionHash, (try? Hex.decode(hash, count: 32)) == nil {
            return .failure(method, .other, "the description hash is not 32 bytes of hex")
        }
        let transaction = try await backend.makeInvoice(
            amountMsat: params.amount, description: params.description, descriptionHash: params.descriptionHash,
            expirySeconds: params.expiry)
        return .success(.makeInvoice, .transaction(transaction))
    }

    /// `lookup_invoice`: by payment hash or invoice (one is required).
    private func lookupInvoice(_ params: NWCLookupInvoiceParams) async throws(NWCBackendError) -> NWCResponse {
        let method = NWCMethod.lookupInvoice.rawValue
        var paymentHash = params.paymentHash?.lowercased()
        if let hash = paymentHash, (try? Hex.decode(hash, count: 32)) == nil {
            return .failure(method, .other, "the payment hash is not 32 bytes of hex")
        }
        if let invoice = params.invoice {
            guard let decoded = try? Bolt11Invoice(invoice) else {
                return .failure(method, .other, "the invoice is not a valid BOLT-11 invoice")
            }
            let invoiceHash = Hex.encode(decoded.paymentHash)
            guard paymentHash == nil || paymentHash == invoiceHash else {
                return .failure(method, .other, "the payment hash is not the invoice's")
            }
            paymentHash = invoiceHash
        }
        guard paymentHash != nil else {
            return .failure(method, .other, "lookup_invoice needs a payment_hash or an invoice")
        }
        guard let found = try await backend.lookupInvoice(paymentHash: paymentHash, invoice: params.invoice) else {
            return .failure(method, .notFound, "no invoice or payment with this payment hash")
        }
        return .success(.lookupInvoice, .transaction(found))
    }

    /// `get_info`: the wallet's own info with this connection's methods and notifications.
    private func info(for connection: NWCConnection) async throws(NWCBackendError) -> NWCInfo {
        var info = try await backend.info()
        info.methods = connection.methods.filter { configuration.methods.contains($0) }
        let notifications = connection.notifications.filter { configuration.notifications.contains($0) }
        info.notifications = notifications.isEmpty ? nil : notifications
        return info
    }

    /// `get_budget`: what is left this period, the total and when it renews; `{}` for a connection without one.
    private func budget(of connection: NWCConnection, at now: Int64) async -> NWCResponse {
        guard let budget = connection.budget else { return .success(.getBudget, .budget(NWCBudgetInfo())) }
        let remaining: UInt64?
        do {
            remaining = try await store.updateLedger(connectionID: connection.id) { ledger in
                ledger.remainingSats(budget, at: now)
            }
        } catch {
            return .failure(NWCMethod.getBudget.rawValue, .internal, "the wallet could not read the budget")
        }
        let info = NWCBudgetInfo(
            remainingBudgetMsats: NWCAmount.msatSaturating(remaining ?? budget.limitSats),
            totalBudgetMsats: NWCAmount.msatSaturating(budget.limitSats),
            renewsAt: budget.renewal.period(containing: now).end, renewalPeriod: budget.renewal)
        return .success(.getBudget, .budget(info))
    }
}
