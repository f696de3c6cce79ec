// Test support: a stand-in for an npub.cash v2 service (its published API, packages/docs/public/openapi.yaml of
// npubcash-server) on 127.0.0.1, with the real test mint behind it. A Lightning address payment
// (`GET /.well-known/lnurlp/<npub>?amount=MSAT`) asks the mint for a bolt11 quote locked (NUT-20) to the npub's key,
// which the mint's FakeWallet pays; the wallet API checks NIP-98 (kind 27235, u, method, time, signature) or the JWT
// it issued for it, and lists the quotes the mint reports paid, as the service does.

import AsyncHTTPClient
import CashuNostr
import CoreCashu
import Foundation

/// An npub.cash-style service for the tests.
package final class NpubCashStandIn: @unchecked Sendable {
    /// One quote the stand-in asked the mint for.
    package struct Quote: Sendable {
        package var pubkey: String
        package var quoteID: String
        package var mint: MintURL
        package var amount: UInt64
        package var request: String
        package var expiresAt: Int64
        package var createdAt: Int64
        package var state: String
        package var paidAt: Int64?
        package var locked: Bool
    }

    /// `http://127.0.0.1:<port>`.
    package var url: String { "http://127.0.0.1:\(server?.port ?? 0)" }
    /// The address domain, `127.0.0.1:<port>`.
    package var domain: String { "127.0.0.1:\(server?.port ?? 0)" }

    private let lock = NSLock()
    private var server: AsyncLoopbackHTTPServer?
    private var defaultMint: MintURL
    private var userMints: [String: MintURL] = [:]
    private var quotes: [Quote] = []
    private var tokens: [String: (pubkey: String, userAgent: String)] = [:]
    private var refusing: String?
    private var listings = 0

    private init(mint: MintURL) { defaultMint = mint }

    /// Starts a stand-in taking payments at `mint` (until a user sets another).
    package static func start(mint: MintURL) async throws -> NpubCashStandIn {
        let standIn = NpubCashStandIn(mint: mint)
        let server = try await AsyncLoopbackHTTPServer.start { [standIn] request in await standIn.answer(request) }
        standIn.lock.withLock { standIn.server = server }
        return standIn
    }

    /// Stops listening.
    package func shutdown() async { await lock.withLock { server }?.shutdown() }

    /// Makes every API request fail with 503 and this message (`nil`: answer again).
    package func refuse(_ message: String?) { lock.withLock { refusing = message } }

    /// The quotes asked for so far.
    package var allQuotes: [Quote] { lock.withLock { quotes } }

    /// How many quote listings were answered.
    package var listingCount: Int { lock.withLock { listings } }

    /// Pays `amount` sats to `npub` as a payer's wallet would: the LNURL-pay callback's invoice, which the mint's
    /// FakeWallet settles. Returns the invoice.
    package func pay(_ amount: UInt64, to npub: String) async throws -> String {
        let request = HTTPClientRequest(url: "\(url)/.well-known/lnurlp/\(npub)?amount=\(amount * 1000)")
        let response = try await TestHTTP.client.execute(request, timeout: .seconds(30))
        let data = Data((try await response.body.collect(upTo: 1 << 20)).readableBytesView)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        guard let invoice = object?["pr"] as? String else {
            throw NpubCashStandInFailure(message: String(decoding: data, as: UTF8.self))
        }
        return invoice
    }

    /// Waits until the mint reports every quote asked for paid (the FakeWallet pays them shortly).
    package func waitUntilPaid(timeout: Duration = .seconds(30)) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            let users = Set(allQuotes.map(\.pubkey))
            for user in users { try await refreshStates(of: user) }
            if allQuotes.allSatisfy({ $0.state != "UNPAID" }) { return }
            guard ContinuousClock.now < deadline else {
                throw NpubCashStandInFailure(status: 500, message: "the mint did not report the quotes paid")
            }
            try await Task.sleep(for: .milliseconds(200))
        }
    }

    // MARK: Answers

    private func answer(_ request: AsyncLoopbackHTTPServer.Request) async -> AsyncLoopbackHTTPServer.Response {
        let path = request.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.uri
        do {
            if path.hasPrefix("/.well-known/lnurlp/") {
                return try await lnurl(String(path.dropFirst("/.well-known/lnurlp/".count)), request)
            }
            if let message = lock.withLock({ refusing }) { return Self.error(503, message) }
            switch (request.method, path) {
            case ("GET", "/api/v2/auth/nip98"):
                let pubkey = try nip98(request)
                let token = Hex.encode((0..<32).map { _ in UInt8.random(in: 0...255) })
                lock.withLock { tokens[token] = (pubkey, request.header("User-Agent") ?? "") }
                return Self.json(["error": false, "data": ["token": token]])
            case ("GET", "/api/v2/wallet/quotes"):
                return try await list(authorized(request), request)
            case ("GET", "/api/v2/user/info"):
                return user(try authorized(request))
            case ("PATCH", "/api/v2/user/mint"):
                let pubkey = try authorized(request)
                let body = try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
                guard let text = body?["mint_url"] as? String, let mint = try? MintURL(text) else {
                    return Self.error(400, "Invalid mint URL")
                }
                lock.withLock { userMints[pubkey] = mint }
                return user(pubkey)
            default:
                return Self.error(404, "Not found")
            }
        } catch let failure as NpubCashStandInFailure {
            return Self.error(failure.status, failure.message)
        } catch {
            return Self.error(500, "Internal server error")
        }
    }

    /// LUD-06/16: the pay request, or with `amount` (msat) a quote locked to the npub at the user's mint.
    private func lnurl(_ user: String, _ request: AsyncLoopbackHTTPServer.Request) async throws
        -> AsyncLoopbackHTTPServer.Response
    {
        guard let profile = try? NostrProfile(nip19: user), let key = try? NostrPublicKey(bytes: profile.publicKey)
        else { return Self.json(["status": "ERROR", "reason": "unknown user"]) }
        let query = URLComponents(string: request.uri)?.queryItems ?? []
        guard let msat = query.first(where: { $0.name == "amount" })?.value.flatMap({ UInt64($0) }) else {
            return Self.json([
                "tag": "payRequest", "callback": "\(url)/.well-known/lnurlp/\(user)", "minSendable": 1000,
                "maxSendable": 100_000_000, "metadata": #"[["text/plain","A cashu lightning address"]]"#,
            ])
        }
        let mint = lock.withLock { userMints[key.hex] ?? defaultMint }
        let connector = HTTPMintConnector(mintURL: mint, httpClient: TestHTTP.client)
        let answer = try await connector.mintQuote(
            MintQuoteBolt11Request(amount: msat / 1000, unit: .sat, description: nil, pubkey: key.point))
        let now = Int64(Date().timeIntervalSince1970)
        let quote = Quote(
            pubkey: key.hex, quoteID: answer.quote, mint: mint, amount: msat / 1000, request: answer.request,
            expiresAt: Int64(answer.expiry ?? UInt64(now + 3600)), createdAt: now, state: "UNPAID", paidAt: nil,
            locked: true)
        lock.withLock { quotes.append(quote) }
        return Self.json(["pr": answer.request, "routes": [Any]()])
    }

    /// The user's paid, issued or in-flight quotes, paid after `since`, newest first, a page of at most 50.
    private func list(_ pubkey: String, _ request: AsyncLoopbackHTTPServer.Request) async throws
        -> AsyncLoopbackHTTPServer.Response
    {
        try await refreshStates(of: pubkey)
        let query = URLComponents(string: request.uri)?.queryItems ?? []
        func number(_ name: String) -> Int64? { query.first { $0.name == name }?.value.flatMap { Int64($0) } }
        let since = number("since")
        let limit = Int(min(number("limit") ?? 50, 50))
        let offset = Int(number("offset") ?? 0)
        let matching = lock.withLock { () -> [Quote] in
            listings += 1
            return quotes.filter {
                $0.pubkey == pubkey && ["PAID", "ISSUED", "INFLIGHT"].contains($0.state)
                    && (since == nil || ($0.paidAt ?? 0) > since!)
            }
        }.sorted { ($0.paidAt ?? 0) > ($1.paidAt ?? 0) }
        let page = matching.dropFirst(offset).prefix(limit).map { quote -> [String: Any] in
            [
                "quoteId": quote.quoteID, "mintUrl": quote.mint.rawValue, "amount": Int(quote.amount),
                "state": quote.state, "paidAt": Int(quote.paidAt ?? 0), "createdAt": Int(quote.createdAt),
                "expiresAt": Int(quote.expiresAt), "request": quote.request, "locked": quote.locked,
            ]
        }
        var metadata: [String: Any] = ["total": matching.count, "limit": limit, "offset": offset]
        if let since { metadata["since"] = Int(since) }
        return Self.json(["error": false, "data": ["quotes": page], "metadata": metadata])
    }

    /// Asks the mint for the state of the user's quotes not yet issued, as the service's watcher does.
    private func refreshStates(of pubkey: String) async throws {
        let open = lock.withLock { quotes.filter { $0.pubkey == pubkey && $0.state != "ISSUED" } }
        for quote in open {
            let connector = HTTPMintConnector(mintURL: quote.mint, httpClient: TestHTTP.client)
            let state = try await connector.mintQuoteState(quote: quote.quoteID).state
            guard state == .paid || state == .issued else { continue }
            let now = Int64(Date().timeIntervalSince1970)
            lock.withLock {
                guard let index = quotes.firstIndex(where: { $0.quoteID == quote.quoteID }) else { return }
                quotes[index].state = state == .paid ? "PAID" : "ISSUED"
                quotes[index].paidAt = quotes[index].paidAt ?? now
            }
        }
    }

    private func user(_ pubkey: String) -> AsyncLoopbackHTTPServer.Response {
        let mint = lock.withLock { userMints[pubkey] ?? defaultMint }
        let user: [String: Any] = ["pubkey": pubkey, "mintUrl": mint.rawValue, "lockQuote": true]
        return Self.json(["error": false, "data": ["user": user]])
    }

    // MARK: Authentication

    /// The pubkey of a request authorized by a JWT this stand-in issued (for the same User-Agent) or by NIP-98.
    private func authorized(_ request: AsyncLoopbackHTTPServer.Request) throws -> String {
        let header = request.header("Authorization") ?? ""
        if header.hasPrefix("Bearer ") {
            let token = String(header.dropFirst("Bearer ".count))
            guard let holder = lock.withLock({ tokens[token] }), holder.userAgent == request.header("User-Agent") ?? ""
            else { throw NpubCashStandInFailure(status: 401, message: "Invalid or expired authentication token") }
            return holder.pubkey
        }
        return try nip98(request)
    }

    /// NIP-98: the event's pubkey, when it authorizes exactly this request (its URL with the query, its method).
    private func nip98(_ request: AsyncLoopbackHTTPServer.Request) throws -> String {
        do {
            let event = try NIP98.verify(
                header: request.header("Authorization") ?? "", url: url + request.uri, method: request.method,
                body: request.body)
            return event.pubkey.hex
        } catch {
            throw NpubCashStandInFailure(status: 401, message: "Invalid NIP-98 authorization: \(error.reason)")
        }
    }

    private static func json(_ object: [String: Any], status: Int = 200) -> AsyncLoopbackHTTPServer.Response {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return AsyncLoopbackHTTPServer.Response(status: status, body: Array(data))
    }

    private static func error(_ status: Int, _ message: String) -> AsyncLoopbackHTTPServer.Response {
        json(["error": true, "message": message], status: status)
    }
}
