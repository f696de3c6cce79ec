// Local API: the wallet's events as server-sent events (`GET /v1/events`), the web wallet's live updates.

import CoreCashu
import Foundation
import Hummingbird
import NIOCore

extension APIRoutes {
    func addEvents(to router: Router<APIRequestContext>) {
        router.get("v1/events") { _, _ -> Response in
            // Subscribed before the answer starts, so nothing between the two is missed; a slow reader gets an
            // `eventsMissed` event, never an unbounded buffer.
            let events = wallet.events(bufferingNewest: 256)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream; charset=utf-8"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: ": cashu wallet events\n\n"))
                    for await event in events {
                        let data = try encoder.encode(WalletEventBody(event))
                        try await writer.write(ByteBuffer(string: "data: \(String(decoding: data, as: UTF8.self))\n\n"))
                    }
                    try await writer.finish(nil)
                })
        }
    }
}
