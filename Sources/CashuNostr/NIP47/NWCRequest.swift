// NIP-47 — Nostr Wallet Connect: a request's content, `{"method": …, "params": {…}}`, as JSON.

import Foundation

/// A decrypted request: a method and its params.
package struct NWCRequest: Sendable, Hashable {
    /// The method, known or not.
    package var method: NWCMethod
    /// The params, typed for the methods this module models.
    package var params: NWCRequestParams

    package init(method: NWCMethod, params: NWCRequestParams) {
        self.method = method
        self.params = params
    }

    /// A `pay_invoice` request.
    package static func payInvoice(_ params: NWCPayInvoiceParams) -> NWCRequest {
        NWCRequest(method: .payInvoice, params: .payInvoice(params))
    }

    /// A `make_invoice` request.
    package static func makeInvoice(_ params: NWCMakeInvoiceParams) -> NWCRequest {
        NWCRequest(method: .makeInvoice, params: .makeInvoice(params))
    }

    /// A `lookup_invoice` request.
    package static func lookupInvoice(_ params: NWCLookupInvoiceParams) -> NWCRequest {
        NWCRequest(method: .lookupInvoice, params: .lookupInvoice(params))
    }

    /// A request with no params (`get_balance`, `get_info`, `get_budget`, or any other method).
    package static func plain(_ method: NWCMethod) -> NWCRequest {
        switch method {
        case .getBalance: NWCRequest(method: method, params: .getBalance)
        case .getInfo: NWCRequest(method: method, params: .getInfo)
        case .getBudget: NWCRequest(method: method, params: .getBudget)
        default: NWCRequest(method: method, params: .other(.object([:])))
        }
    }

    /// Parses a request's JSON.
    ///
    /// A method with no params may omit `params`; unknown fields are ignored.
    /// - Throws: ``NostrError`` `.malformedWalletMessage` when it is not a JSON object with a string `method`, or
    ///   when a modelled method's params have the wrong shape.
    package init(jsonText: String) throws(NostrError) {
        let data = Data(jsonText.utf8)
        let envelope: Envelope
        do {
            envelope = try JSONDecoder().decode(Envelope.self, from: data)
        } catch {
            throw NostrError(.malformedWalletMessage, "a request is a JSON object with a method and params")
        }
        let method = NWCMethod(rawValue: envelope.method)
        let params = envelope.params ?? .object([:])
        do {
            switch method {
            case .payInvoice: self.init(method: method, params: .payInvoice(try params.decoded()))
            case .makeInvoice: self.init(method: method, params: .makeInvoice(try params.decoded()))
            case .lookupInvoice: self.init(method: method, params: .lookupInvoice(try params.decoded()))
            case .listTransactions: self.init(method: method, params: .listTransactions(try params.decoded()))
            case .getBalance: self.init(method: method, params: .getBalance)
            case .getInfo: self.init(method: method, params: .getInfo)
            case .getBudget: self.init(method: method, params: .getBudget)
            default: self.init(method: method, params: .other(params))
            }
        } catch {
            throw NostrError(.malformedWalletMessage, "the params of \(method) have the wrong shape")
        }
    }

    /// The `method` of a request's JSON, if it has one, even when the rest does not parse (the response's
    /// `result_type` names it).
    package static func methodName(in jsonText: String) -> String? {
        (try? JSONDecoder().decode(Envelope.self, from: Data(jsonText.utf8)))?.method
    }

    /// The request as compact JSON.
    package var jsonText: String {
        let params: NWCJSONValue
        switch self.params {
        case .payInvoice(let value): params = NWCJSONValue(encoding: value)
        case .makeInvoice(let value): params = NWCJSONValue(encoding: value)
        case .lookupInvoice(let value): params = NWCJSONValue(encoding: value)
        case .listTransactions(let value): params = NWCJSONValue(encoding: value)
        case .getBalance, .getInfo, .getBudget: params = .object([:])
        case .other(let value): params = value
        }
        return NWCJSONValue.object(["method": .string(method.rawValue), "params": params]).jsonText
    }

    private struct Envelope: Decodable {
        var method: String
        var params: NWCJSONValue?
    }
}
