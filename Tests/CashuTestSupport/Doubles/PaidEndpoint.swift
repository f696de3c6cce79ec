// Test support: a paid HTTP endpoint on 127.0.0.1 (NUT-24, SwiftNIO): a request without `X-Cashu` gets 402 and a
// payment request; a request with a token gets its token checked (mint, unit, amount), verified with the real mint
// (a swap into the endpoint's own wallet, or a NUT-07 check), and the resource — or a failure the test chose.

import CoreCashu
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A server selling one resource for ecash.
///
/// Each connection carries one request (answers say `Connection: close`).
package final class PaidEndpoint: @unchecked Sendable {
    /// What the endpoint does with a token that pays enough.
    package enum Behaviour: Sendable {
        /// Swaps the token into `wallet`, which knows the mint (the mint verifies and spends it), then answers 200
        /// with the resource.
        case claim(into: Wallet)
        /// Asks the mint whether the token's proofs are unspent (NUT-07), then answers 200 with the resource.
        case check
        /// Keeps the token without claiming it and answers `status`.
        case keepAndFail(status: Int)
        /// Keeps the token without claiming it and closes the connection without answering.
        case keepAndDrop
    }

    /// A request as the endpoint read it.
    package struct Request: Sendable {
        package var method: String
        package var path: String
        package var headers: [(String, String)]
        package var body: [UInt8]
        /// The `X-Cashu` header, if any.
        package var token: String? {
            headers.first { $0.0.lowercased() == "x-cashu" }?.1
        }
    }

    private typealias Connection = LoopbackHTTPServer.Connection
    private typealias Server = LoopbackHTTPServer.Server

    /// The resource's body.
    package static let resource = "the paid resource\n"

    /// The payment request the 402 carries.
    package let paymentRequest: PaymentRequest
    /// `http://127.0.0.1:<port>/resource`.
    package let url: String

    private let behaviour: Behaviour
    private let format: String
    private let serverChannel: any Channel
    private let lock = NSLock()
    private var seen: [Request] = []
    private var serving: Task<Void, Never>?

    private init(
        paymentRequest: PaymentRequest, behaviour: Behaviour, format: String, serverChannel: any Channel, port: Int
    ) {
        self.paymentRequest = paymentRequest
        self.behaviour = behaviour
        self.format = format
        self.serverChannel = serverChannel
        self.url = "http://127.0.0.1:\(port)/resource"
    }

    /// Starts an endpoint on a free loopback port.
    /// - Parameters:
    ///   - price: what the resource costs.
    ///   - mint: the mint it accepts ecash from.
    ///   - unit: the unit.
    ///   - behaviour: what it does with a token that pays enough.
    ///   - format: the 402's encoding, `creqA` (NUT-18) or `creqb` (NUT-26).
    package static func start(
        price: UInt64, mint: MintURL, unit: String = "sat", behaviour: Behaviour, format: String = "creqA"
    ) async throws -> PaidEndpoint {
        let (server, port) = try await LoopbackHTTPServer.bind()
        let request = PaymentRequest(
            id: "nut24-test", amount: price, unit: unit, mints: [mint.rawValue], description: "a paid resource")
        let endpoint = PaidEndpoint(
            paymentRequest: request, behaviour: behaviour, format: format, serverChannel: server.channel, port: port)
        let task = Task { await endpoint.serve(server) }
        endpoint.lock.withLock { endpoint.serving = task }
        return endpoint
    }

    /// Every request read so far, in arrival order.
    package var requests: [Request] { lock.withLock { seen } }

    /// The tokens received so far, in arrival order.
    package var tokens: [String] { requests.compactMap(\.token) }

    /// Stops listening.
    package func shutdown() async {
        let task = lock.withLock { serving }
        serverChannel.close(promise: nil)
        await task?.value
    }

    // MARK: Serving

    private func serve(_ server: Server) async {
        try? await withThrowingDiscardingTaskGroup { group in
            try await server.executeThenClose { inbound in
                for try await connection in inbound {
                    group.addTask { await self.handle(connection) }
                }
            }
        }
    }

    private func handle(_ connection: Connection) async {
        try? await connection.executeThenClose { inbound, outbound in
            guard let (head, body) = try await inbound.firstRequest() else { return }
            let request = Request(
                method: head.method.rawValue, path: head.uri, headers: head.headers.map { ($0.name, $0.value) },
                body: body)
            lock.withLock { seen.append(request) }
            try await answer(request, outbound)
        }
    }

    /// 402 without a token; with one, the check, the verification and the behaviour's answer.
    private func answer(_ request: Request, _ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>)
        async throws
    {
        guard let encoded = request.token else {
            let header = format == "creqb" ? try paymentRequest.creqB() : paymentRequest.creqA()
            try await respond(outbound, status: 402, body: "payment required\n", headers: [("X-Cashu", header)])
            return
        }
        guard let token = try? TokenDecoder.decode(encoded) else {
            try await respond(outbound, status: 400, body: "not a token\n")
            return
        }
        let amount = token.proofs.reduce(UInt64(0)) { $0 + $1.amount }
        guard let mintText = token.mint, paymentRequest.mints?.contains(mintText) == true,
            token.unit == paymentRequest.unit, amount >= paymentRequest.amount ?? 0
        else {
            try await respond(outbound, status: 400, body: "wrong mint, unit or amount\n")
            return
        }
        switch behaviour {
        case .claim(let wallet):
            do {
                _ = try await wallet.receive(encoded)
            } catch {
                try await respond(outbound, status: 400, body: "the mint refused the token: \(error)\n")
                return
            }
            try await respond(outbound, status: 200, body: Self.resource)
        case .check:
            let mint = try MintURL(mintText)
            let connector = HTTPMintConnector(mintURL: mint, httpClient: TestHTTP.client)
            let states = try await connector.checkState(CheckStateRequest(proofs: token.proofs)).states
            guard states.count == token.proofs.count, states.allSatisfy({ $0.state == .unspent }) else {
                try await respond(outbound, status: 400, body: "spent or unknown proofs\n")
                return
            }
            try await respond(outbound, status: 200, body: Self.resource)
        case .keepAndFail(let status):
            try await respond(outbound, status: status, body: "failed after taking the token\n")
        case .keepAndDrop:
            return
        }
    }

    private func respond(
        _ outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>, status: Int, body: String,
        headers extra: [(String, String)] = []
    ) async throws {
        try await outbound.writeCompleteResponse(
            status: status, contentType: "text/plain", headers: extra, body: Array(body.utf8))
    }
}
