// Local API: spending — prepare (the figures, what is held), then confirm or cancel by the prepared id.

import CoreCashu
import Foundation
import Hummingbird
import LinuxCashu

extension APIRoutes {
    struct SendRequest: Decodable {
        var amount: UInt64
        var mint: String?
        var unit: String?
        var memo: String?
        var includeFees: Bool?
    }

    struct PayRequest: Decodable {
        var destination: String
        var amount: UInt64?
        var mint: String?
        var unit: String?
        var comment: String?
    }

    struct TransferRequest: Decodable {
        var amount: UInt64
        var from: String
        var to: String
        var unit: String?
    }

    struct ReceiveRequest: Decodable {
        var token: String
        var trustMint: Bool?
    }

    func addPrepare(to router: Router<APIRequestContext>) {
        router.post("v1/prepare/send") { request, _ -> Response in
            let body = try await APIJSON.decode(SendRequest.self, from: request)
            guard (body.memo?.count ?? 0) <= 256 else {
                throw APIFailure(.badRequest, "invalidInput", "the memo is at most 256 characters")
            }
            let send = try await wallet.prepareSend(
                amount: try Self.positive(body.amount), mint: try await chosenMint(body.mint),
                unit: try Self.unit(body.unit),
                options: SendOptions(memo: body.memo, includeFees: body.includeFees ?? false))
            return try await keep(.send(send))
        }
        router.post("v1/prepare/pay") { request, _ -> Response in
            let body = try await APIJSON.decode(PayRequest.self, from: request)
            let destination = body.destination.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !destination.isEmpty, destination.utf8.count <= 8192 else {
                throw APIFailure(.badRequest, "invalidInput", "name what to pay: an invoice, an address, a request")
            }
            var mint: MintURL?
            if let named = body.mint { mint = try await chosenMint(named) }
            let pay = try await linux.preparePay(
                destination, amount: body.amount, from: mint, unit: try Self.unit(body.unit), comment: body.comment)
            return try await keep(.pay(pay))
        }
        router.post("v1/prepare/transfer") { request, _ -> Response in
            let body = try await APIJSON.decode(TransferRequest.self, from: request)
            let transfer = try await wallet.prepareTransfer(
                amount: try Self.positive(body.amount), from: try await chosenMint(body.from),
                to: try await chosenMint(body.to), unit: try Self.unit(body.unit))
            return try await keep(.transfer(transfer))
        }
        router.post("v1/prepare/receive") { request, _ -> Response in
            let body = try await APIJSON.decode(ReceiveRequest.self, from: request)
            let receive = try await wallet.prepareReceive(
                body.token.trimmingCharacters(in: .whitespacesAndNewlines),
                options: ReceiveOptions(addUnknownMint: body.trustMint ?? false))
            return try await keep(.receive(receive))
        }
        router.post("v1/prepared/{id}/confirm") { _, context -> Response in
            let id = try context.parameters.require("id")
            guard let operation = await prepared.take(id) else {
                throw APIFailure(.conflict, "expired", "nothing prepared under \(id): confirmed, cancelled or lapsed")
            }
            do {
                return try await confirm(operation, id: id)
            } catch let error as WalletError where error.code == .pending {
                // Sent, not settled: the proofs stay pending until the mint answers for sure (events tell).
                return APIJSON.response(
                    ConfirmedBody(
                        id: id, state: "pending", operation: error.operationID?.description, unit: operation.unit,
                        message: error.reason),
                    status: .accepted)
            }
        }
        router.post("v1/prepared/{id}/cancel") { _, context -> Response in
            let id = try context.parameters.require("id")
            guard let operation = await prepared.take(id) else {
                throw APIFailure(.conflict, "expired", "nothing prepared under \(id): confirmed, cancelled or lapsed")
            }
            await operation.cancel()
            return APIJSON.response(["cancelled": true])
        }
    }

    /// Keeps a prepared operation for its confirm and answers its figures.
    private func keep(_ operation: PreparedOperation) async throws -> Response {
        let id = await prepared.add(operation)
        return APIJSON.response(operation.body(id: id))
    }

    /// A confirmed send's token as text; one that cannot be written stays a reclaimable pending send.
    private static func text(of token: Token, operation: String) throws -> String {
        do { return try token.serialized(as: .v4) } catch {
            throw APIFailure(
                .internalServerError, "internal", "the token cannot be written; it stays reclaimable",
                operation: operation)
        }
    }

    /// Runs a prepared operation; an outcome the mint left open answers 202 with the proofs kept pending.
    private func confirm(_ operation: PreparedOperation, id: String) async throws -> Response {
        switch operation {
        case .send(let send):
            let text = try Self.text(of: try await send.confirm(), operation: send.operationID.description)
            return APIJSON.response(
                ConfirmedBody(
                    id: id, state: "done", operation: send.operationID.description, amount: send.amount, fee: send.fee,
                    unit: send.unit.rawValue, token: text))
        case .pay(.invoice(let payment)):
            let result = try await payment.confirm()
            let pending = result.state != .paid
            return APIJSON.response(
                ConfirmedBody(
                    id: id, state: pending ? "pending" : "done", operation: result.operationID.description,
                    amount: result.amount, fee: result.fee, unit: payment.unit.rawValue,
                    preimage: result.paymentPreimage),
                status: pending ? .accepted : .ok)
        case .pay(.request(let payment)):
            let made = try await payment.confirm()
            let operationID = payment.send.operationID.description
            do {
                try await linux.deliver(made)
            } catch {
                // Not delivered: the token stays a pending send, reclaimable (`POST /v1/pending/{id}/reclaim`).
                throw APIFailure(
                    APIFailure.failedDependency, error.code.description, "\(error.reason); the token stays reclaimable",
                    operation: operationID)
            }
            // A request without a transport: the token is handed over in band, by the user.
            let token = payment.transport == nil ? try Self.text(of: made.token, operation: operationID) : nil
            return APIJSON.response(
                ConfirmedBody(
                    id: id, state: "done", operation: operationID, amount: payment.requested,
                    fee: payment.total - payment.requested, unit: payment.send.unit.rawValue, token: token))
        case .transfer(let transfer):
            let result = try await transfer.confirm()
            let pending = result.state == .pending
            return APIJSON.response(
                ConfirmedBody(
                    id: id, state: pending ? "pending" : "done", operation: result.operationID.description,
                    amount: result.arrived, fee: result.fee, unit: result.unit.rawValue),
                status: pending ? .accepted : .ok)
        case .receive(let receive):
            let result = try await receive.confirm()
            return APIJSON.response(
                ConfirmedBody(
                    id: id, state: "done", operation: result.operationIDs.first?.description, amount: result.amount,
                    fee: result.fee, unit: receive.unit.rawValue))
        }
    }
}
