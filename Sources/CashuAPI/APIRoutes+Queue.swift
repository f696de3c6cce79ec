// Local API: the offline queue — what waits for a mint to come back, and a receive that waits for it.

import CashuServices
import CoreCashu
import Foundation
import Hummingbird
import LinuxCashu

extension APIRoutes {
    func addQueue(to router: Router<APIRequestContext>) {
        router.get("v1/queue") { _, _ -> Response in
            var entries: [QueuedBody] = []
            // Failed ones too: a receive the mint refused when it came back keeps its token in the wallet.
            for entry in try await linux.queue.entries(states: [.queued, .running, .failed]) {
                entries.append(QueuedBody(entry, reason: await linux.queue.waitReason(of: entry)))
            }
            return APIJSON.response(["entries": entries])
        }
        // A token whose mint cannot be reached now: stored (durably, in the wallet) and received, once, when the
        // mint is back; received at once when it is reachable. The user asks for it after a receive's prepare
        // failed with `mintUnreachable`: nothing leaves the wallet.
        router.post("v1/queue/receive") { request, _ -> Response in
            let body = try await APIJSON.decode(ReceiveRequest.self, from: request)
            struct Answer: Encodable {
                var state: String
                var id: String?
                var amount: UInt64?
                var fee: UInt64?
                var reason: String?
            }
            switch try await linux.queue.receiveOrQueue(
                body.token.trimmingCharacters(in: .whitespacesAndNewlines), addUnknownMint: body.trustMint ?? false)
            {
            case .done(let result):
                return APIJSON.response(
                    Answer(
                        state: "done", id: result.operationIDs.first?.description, amount: result.amount,
                        fee: result.fee))
            case .queued(let entry):
                let reason = await linux.queue.waitReason(of: entry)
                return APIJSON.response(
                    Answer(state: "queued", id: entry.id.description, amount: entry.amount, reason: reason.detail),
                    status: .accepted)
            }
        }
    }
}
