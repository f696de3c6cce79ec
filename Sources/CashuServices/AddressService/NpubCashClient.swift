// npub.cash v2 — the wallet's client of an address service: a NIP-98-signed `GET /api/v2/auth/nip98` exchanged for
// a JWT (kept in memory only, bound by the service to the User-Agent), then `Authorization: Bearer` on
// `GET /api/v2/wallet/quotes` (paged, `since` the last paid time seen) and `PATCH /api/v2/user/mint`.

import AsyncHTTPClient
import CashuHTTP
import CashuNostr
import CoreCashu
import Foundation
import NIOCore
import NIOHTTP1

/// Talks to one npub.cash-style service as one Nostr identity. Logs nothing; its errors never carry the NIP-98
/// event, the JWT or a key.
package actor NpubCashClient {
    /// The User-Agent of every request (the service binds its JWT to it).
    package static let userAgent = "cashu-swift-npubcash/2"
    /// The page size asked for (the service's cap).
    package static let pageSize = 50
    /// The most pages read in one listing (50 × 200 quotes).
    package static let pageLimit = 200
    /// The most bytes of an answer read.
    static let bodyLimit = 4 * 1024 * 1024
    /// How long the service has for each answer.
    static let timeout: TimeAmount = .seconds(30)

    package nonisolated let service: NpubCashService
    private let keys: NostrKeyPair
    private let httpClient: HTTPClient
    private var token: String?

    /// A client of `service` as `keys` over `httpClient` (which must outlive the client's requests).
    package init(service: NpubCashService, keys: NostrKeyPair, httpClient: HTTPClient) {
        self.service = service
        self.keys = keys
        self.httpClient = httpClient
    }

    /// Every quote the service lists that was paid after `since` (Unix seconds; all when `nil`), every page read.
    /// - Throws: ``NpubCashError``.
    package func quotes(since: Int64?) async throws(NpubCashError) -> [NpubCashQuote] {
        var quotes: [NpubCashQuote] = []
        var offset = 0
        for _ in 0..<Self.pageLimit {
            var query = "limit=\(Self.pageSize)&offset=\(offset)"
            if let since { query += "&since=\(since)" }
            let page: NpubCashQuotePage = try await authorized(.GET, "/api/v2/wallet/quotes?" + query)
            quotes += page.data.quotes
            offset += page.data.quotes.count
            guard !page.data.quotes.isEmpty, offset < page.metadata.total else { break }
        }
        return quotes
    }

    /// Asks the service to create future quotes at `mint` (`PATCH /api/v2/user/mint`).
    /// - Throws: ``NpubCashError``.
    package func setMint(_ mint: MintURL) async throws(NpubCashError) {
        let body = (try? JSONSerialization.data(withJSONObject: ["mint_url": mint.rawValue])) ?? Data()
        let _: UserAnswer = try await authorized(.PATCH, "/api/v2/user/mint", body: Array(body))
    }

    /// The mint the service creates the user's quotes at (`GET /api/v2/user/info`), if it says.
    /// - Throws: ``NpubCashError``.
    package func mint() async throws(NpubCashError) -> String? {
        let answer: UserAnswer = try await authorized(.GET, "/api/v2/user/info")
        return answer.data.user.mintUrl
    }

    // MARK: Requests

    /// A request authorized by the JWT (fetched first when the client has none, and once more when refused 401).
    private func authorized<Value: Decodable>(_ method: HTTPMethod, _ path: String, body: [UInt8]? = nil)
        async throws(NpubCashError) -> Value
    {
        let first = try await send(method, path, body: body, authorization: "Bearer " + (try await jwt()))
        if first.status == 401 {
            token = nil
            let retried = try await send(method, path, body: body, authorization: "Bearer " + (try await jwt()))
            return try decode(retried)
        }
        return try decode(first)
    }

    /// The JWT, from a NIP-98-signed `GET /api/v2/auth/nip98`.
    private func jwt() async throws(NpubCashError) -> String {
        if let token { return token }
        let path = "/api/v2/auth/nip98"
        let header: String
        do { header = try NIP98.header(url: service.url(path), method: "GET", keys: keys) } catch {
            throw NpubCashError(.serviceInvalidResponse, "cannot sign the NIP-98 authorization")
        }
        let answer: TokenAnswer = try decode(try await send(.GET, path, authorization: header))
        guard !answer.data.token.isEmpty else {
            throw NpubCashError(.serviceInvalidResponse, "\(service.domain) gave an empty token")
        }
        token = answer.data.token
        return answer.data.token
    }

    private struct Answer {
        var status: Int
        var body: [UInt8]
    }

    private func send(_ method: HTTPMethod, _ path: String, body: [UInt8]? = nil, authorization: String)
        async throws(NpubCashError) -> Answer
    {
        var request = HTTPClientRequest(url: service.url(path))
        request.method = method
        request.headers.add(name: "Authorization", value: authorization)
        request.headers.add(name: "Accept", value: "application/json")
        request.headers.add(name: "User-Agent", value: Self.userAgent)
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let host = service.domain
        do {
            let response = try await httpClient.execute(request, deadline: .now() + Self.timeout)
            let collected = try await ResponseBodyReader.collect(
                response.body, limit: Self.bodyLimit, deadline: .now() + Self.timeout)
            return Answer(status: Int(response.status.code), body: Array(collected.readableBytesView))
        } catch is NIOTooManyBytesError {
            throw NpubCashError(.serviceInvalidResponse, "\(host) answered more than \(Self.bodyLimit >> 20) MiB")
        } catch is ResponseBodyReader.DeadlinePassed {
            throw NpubCashError(.serviceUnreachable, "\(host) did not finish its answer in time")
        } catch {
            throw NpubCashError(.serviceUnreachable, "the address service \(host) cannot be reached")
        }
    }

    /// A 2xx answer's JSON; any other status is a refusal carrying the service's `message`.
    private func decode<Value: Decodable>(_ answer: Answer) throws(NpubCashError) -> Value {
        let host = service.domain
        guard (200..<300).contains(answer.status) else {
            let message = (try? JSONDecoder().decode(ErrorAnswer.self, from: Data(answer.body)))?.message
            let said = message.map { ": \($0)" } ?? ""
            throw NpubCashError(
                .serviceRefused, "the address service \(host) refused (HTTP \(answer.status))\(said)",
                status: answer.status, serviceMessage: message)
        }
        do { return try JSONDecoder().decode(Value.self, from: Data(answer.body)) } catch {
            throw NpubCashError(.serviceInvalidResponse, "\(host) answered something that is not npub.cash v2")
        }
    }

    // MARK: Answers

    /// `{"error":true,"message":"…"}`.
    private struct ErrorAnswer: Decodable {
        var message: String?
    }

    /// `{"error":false,"data":{"token":"…"}}`.
    private struct TokenAnswer: Decodable {
        struct Token: Decodable { var token: String }
        var data: Token
    }

    /// `{"error":false,"data":{"user":{"pubkey":…,"mintUrl":…,"lockQuote":…}}}`.
    private struct UserAnswer: Decodable {
        struct User: Decodable { var mintUrl: String? }
        struct Wrapped: Decodable { var user: User }
        var data: Wrapped
    }
}
