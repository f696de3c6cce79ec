// Local API: JSON in and out — bodies read up to the size limit, answers written with sorted keys.

import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Reading request bodies and writing JSON answers.
enum APIJSON {
    /// The largest request body taken (413 above it): no endpoint needs more than a large token.
    static let bodyLimit = 64 * 1024

    /// Decodes the request body as `T`; an empty body decodes as `{}`.
    static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: bodyLimit)
        } catch {
            throw APIFailure(.contentTooLarge, "tooLarge", "request bodies are limited to \(bodyLimit) bytes")
        }
        let bytes = buffer.readableBytes == 0 ? Array("{}".utf8) : Array(buffer.readableBytesView)
        // An optional field is left out, never `null`: a client that sends `null` meant something else. (Parsed a
        // second time only when the body has a `null` in it.)
        if bytes.firstRange(of: Array("null".utf8)) != nil,
            let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let field = object.first(where: { $0.value is NSNull })?.key
        {
            throw APIFailure(.badRequest, "invalidInput", "\(field) is null: leave it out instead")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch {
            throw APIFailure(.badRequest, "invalidInput", "the request body is not the JSON this endpoint takes")
        }
    }

    /// `value` as a JSON answer.
    static func response(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(value)) ?? Data(#"{"error":{"code":"internal","message":"encoding"}}"#.utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
