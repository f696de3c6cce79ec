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
                    // The events and a comment every 15 s, through one stream so that one loop writes: a client
                    // that went away is noticed at the next write, within 15 s, and its subscription ends.
                    let (lines, feed) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(256))
                    let producer = Task {
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask {
                                for await event in events {
                                    guard let data = try? encoder.encode(WalletEventBody(event)) else { continue }
                                    feed.yield("data: \(String(decoding: data, as: UTF8.self))\n\n")
                                }
                                feed.finish()
                            }
                            group.addTask {
                                while (try? await Task.sleep(for: .seconds(15))) != nil {
                                    feed.yield(": keep-alive\n\n")
                                }
                            }
                            await group.next()
                            group.cancelAll()
                        }
                    }
                    defer { producer.cancel() }
                    try await writer.write(ByteBuffer(string: ": cashu wallet events\n\n"))
                    for await line in lines {
                        try await writer.write(ByteBuffer(string: line))
                    }
                    try await writer.finish(nil)
                })
        }
    }
}
