// Local API: payment requests (NUT-18) the wallet makes — handed over in band, or paid over Nostr by themselves.

import CoreCashu
import Foundation
import Hummingbird
import LinuxCashu

extension APIRoutes {
    struct RequestCreation: Decodable {
        var amount: UInt64?
        var unit: String?
        var mint: String?
        var description: String?
        var nostr: Bool?
    }

    func addRequests(to router: Router<APIRequestContext>) {
        // A request for the wallet's own mint (or the one named): over Nostr the service receives the payment by
        // itself (the events tell); without, the payer hands the token over, and it is received like any token.
        router.post("v1/payment-requests") { request, _ -> Response in
            let body = try await APIJSON.decode(RequestCreation.self, from: request)
            guard (body.description?.count ?? 0) <= 256 else {
                throw APIFailure(.badRequest, "invalidInput", "the description is at most 256 characters")
            }
            var made = PaymentRequest()
            made.id = Hex.encode((0..<8).map { _ in UInt8.random(in: 0...255) })
            made.amount = try body.amount.map(Self.positive)
            made.unit = try Self.unit(body.unit).rawValue
            made.mints = [try await knownMint(body.mint).rawValue]
            made.description = body.description
            made.singleUse = true
            guard body.nostr == true else { return APIJSON.response(PaymentRequestBody(made, nostr: false)) }
            let opened: PaymentRequest
            do { opened = try await linux.openNostrRequest(made) } catch let error as any CashuError {
                // No relay configured (`cashu nostr relays`), or none the request can name.
                throw APIFailure(APIFailure.failedDependency, error.codeName, error.reason)
            }
            return APIJSON.response(PaymentRequestBody(opened, nostr: true))
        }
        router.get("v1/payment-requests") { _, _ -> Response in
            struct Open: Encodable {
                var id: String
                var unit: String
                var received: UInt64
                var paid: Bool
            }
            let open = try await linux.openNostrRequests().map {
                Open(id: $0.id, unit: $0.unit, received: $0.received, paid: $0.isPaid)
            }
            return APIJSON.response(["requests": open])
        }
        router.post("v1/payment-requests/{id}/close") { _, context -> Response in
            let id = try context.parameters.require("id")
            guard try await linux.openNostrRequests().contains(where: { $0.id == id }) else {
                throw APIFailure(.notFound, "notFound", "no open payment request \(id)")
            }
            try await linux.closeNostrRequest(id)
            return APIJSON.response(["closed": true])
        }
    }
}
