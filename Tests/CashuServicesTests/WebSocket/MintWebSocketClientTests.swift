// Tests of WebSocket/MintWebSocketClient.swift against the real Nutshell mint's /v1/ws (NUT-17).

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("Mint WebSocket client against Nutshell", .timeLimit(.minutes(5)))
struct MintWebSocketClientTests {
    static let waitLimit = Duration.seconds(90)

    @Test("The test mint advertises NUT-17 for bolt11 sat (mint quotes, melt quotes, proof states)")
    func mintAdvertisesWebSockets() async throws {
        let mint = try await TestMint.shared
        let info = try await mint.connector().info()
        #expect(info.supports(nut: 17))
        let settings = try #require(info.nuts.webSockets)
        for kind in [SubscriptionKind.bolt11MintQuote, .bolt11MeltQuote, .proofState] {
            #expect(settings.offers(kind, method: "bolt11", unit: .sat), "\(kind)")
        }
    }

    @Test("A mint quote's subscription sees its current state, then PAID")
    func mintQuoteTurnsPaid() async throws {
        try await TestMint.with(environment: ["FAKEWALLET_DELAY_INCOMING_PAYMENT": "3"]) { mint in
            let quote = try await mint.connector().mintQuote(MintQuoteBolt11Request(amount: 21, unit: .sat))
            let client = try MintWebSocketClient(mint: mint.url)
            let stream = try await client.subscribe(
                SubscriptionRequest(mint: mint.url, kind: .bolt11MintQuote, filters: [quote.quote]))
            #expect(await client.state == .connected)
            let recorder = await StreamRecorder.start(stream)
            let paid = await recorder.wait(timeout: Self.waitLimit) { items, _ in
                items.contains { Self.mintQuoteState($0) == .paid }
            }
            #expect(paid)
            let states = await recorder.items.compactMap { Self.mintQuoteState($0) }
            // Everything before PAID is the UNPAID the mint sends first (when it subscribed in time).
            #expect(states.drop { $0 == .unpaid }.first == .paid)
            let quotes = await recorder.items.compactMap { payload -> String? in
                if case .bolt11MintQuote(let response) = payload { return response.quote }
                return nil
            }
            #expect(quotes.allSatisfy { $0 == quote.quote })
            await recorder.stop()
            await client.shutdown()
            #expect(await client.state == .closed)
        }
    }

    @Test("A melt quote's subscription sees UNPAID, PENDING, PAID; proof states see UNSPENT then SPENT")
    func meltQuoteAndProofStates() async throws {
        try await TestMint.with(environment: ["FAKEWALLET_DELAY_OUTGOING_PAYMENT": "2", "MINT_INPUT_FEE_PPK": "0"]) {
            mint in
            let wallet = try await WebSocketTestWallet.open()
            defer { wallet.remove() }
            try await wallet.fund(200, at: mint.url)
            let proofs = try await wallet.wallet.proofs(mint: mint.url)
            let client = try MintWebSocketClient(mint: mint.url)

            let ys = proofs.map { $0.Y.hex }
            let proofStream = try await client.subscribe(
                SubscriptionRequest(mint: mint.url, kind: .proofState, filters: ys))
            let proofRecorder = await StreamRecorder.start(proofStream)
            let invoice = try await TestMint.externalInvoice(amount: 50)
            let quote = try await wallet.wallet.meltQuote(request: invoice, mint: mint.url)
            let meltStream = try await client.subscribe(
                SubscriptionRequest(mint: mint.url, kind: .bolt11MeltQuote, filters: [quote.id]))
            let meltRecorder = await StreamRecorder.start(meltStream)
            #expect(await meltRecorder.wait(timeout: Self.waitLimit) { items, _ in !items.isEmpty })
            #expect(await meltRecorder.items.first.flatMap { Self.meltQuoteState($0) } == .unpaid)
            // Every watched proof is UNSPENT first.
            #expect(
                await proofRecorder.wait(timeout: Self.waitLimit) { items, _ in
                    Set(items.compactMap { Self.unspentY($0) }) == Set(ys)
                })

            let result = try await wallet.wallet.melt(quoteID: quote.id, preferAsync: true)
            #expect(result.state == .pending || result.state == .paid)
            #expect(
                await meltRecorder.wait(timeout: Self.waitLimit) { items, _ in
                    items.contains { Self.meltQuoteState($0) == .paid }
                })
            let states = await meltRecorder.items.compactMap { Self.meltQuoteState($0) }
            #expect(states.contains(.pending))
            #expect(states.firstIndex(of: .pending).map { $0 < (states.firstIndex(of: .paid) ?? 0) } == true)

            // The melt's inputs (some of the watched proofs, or the proofs swapped from them) end SPENT.
            #expect(
                await proofRecorder.wait(timeout: Self.waitLimit) { items, _ in
                    items.contains { payload in
                        if case .proofState(let state) = payload { return state.state == .spent }
                        return false
                    }
                })
            let spent = await proofRecorder.items.compactMap { payload -> String? in
                if case .proofState(let state) = payload, state.state == .spent { return state.Y.hex }
                return nil
            }
            #expect(Set(spent).isSubset(of: Set(ys)))
            await proofRecorder.stop()
            await meltRecorder.stop()
            await client.shutdown()
        }
    }

    @Test("Stopping the consumer unsubscribes at the mint")
    func consumerStopUnsubscribes() async throws {
        let mint = try await TestMint.shared
        let (logger, records) = CapturingLogHandler.logger()
        let quote = try await mint.connector().mintQuote(MintQuoteBolt11Request(amount: 5, unit: .sat))
        let client = try MintWebSocketClient(mint: mint.url, logger: logger)
        let stream = try await client.subscribe(
            SubscriptionRequest(mint: mint.url, kind: .bolt11MintQuote, filters: [quote.quote]))
        let recorder = await StreamRecorder.start(stream)
        #expect(await recorder.wait(timeout: Self.waitLimit) { items, _ in !items.isEmpty })
        #expect(await client.subscriptionCount == 1)
        await recorder.stop()
        let deadline = ContinuousClock.now.advanced(by: Self.waitLimit)
        while !records.records.contains(where: { $0.message == "unsubscribed" }) && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(records.records.contains { $0.message == "unsubscribed" }, "the mint answered the unsubscribe OK")
        #expect(await client.subscriptionCount == 0)
        // The connection stays usable for new subscriptions.
        let again = try await client.subscribe(
            SubscriptionRequest(mint: mint.url, kind: .bolt11MintQuote, filters: [quote.quote]))
        let second = await StreamRecorder.start(again)
        #expect(await second.wait(timeout: Self.waitLimit) { items, _ in !items.isEmpty })
        await second.stop()
        await client.shutdown()
        // Nothing the client logged names the quote.
        #expect(!records.records.contains { "\($0.message) \($0.metadata)".contains(quote.quote) })
    }

    @Test("The mint's JSON-RPC error surfaces typed, with its code")
    func rpcErrorKeepsCode() async throws {
        let mint = try await TestMint.shared
        let client = try MintWebSocketClient(mint: mint.url)
        // Nutshell 0.21 has no bolt12 subscriptions: it answers -32603 (internal error) to the request's id.
        let error = await #expect(throws: SubscriptionError.self) {
            _ = try await client.subscribe(SubscriptionRequest(mint: mint.url, kind: .bolt12MintQuote, filters: ["x"]))
        }
        #expect(error?.code == .rejected)
        #expect(error?.rpcError?.code == -32603)
        #expect(await client.subscriptionCount == 0)
        // The connection survives the refusal.
        #expect(await client.state == .connected)
        await client.shutdown()
    }

    @Test("Subscriptions for another mint or an unknown kind are refused before anything is sent")
    func refusesWhatItCannotServe() async throws {
        let mint = try await TestMint.shared
        let client = try MintWebSocketClient(mint: mint.url)
        let other = try MintURL("http://127.0.0.1:1")
        await #expect(throws: SubscriptionError.self) {
            _ = try await client.subscribe(SubscriptionRequest(mint: other, kind: .proofState, filters: []))
        }
        await #expect(throws: SubscriptionError.self) {
            _ = try await client.subscribe(SubscriptionRequest(mint: mint.url, kind: .unknown("x"), filters: []))
        }
        #expect(await client.state == .disconnected)
        await client.shutdown()
        await #expect(throws: SubscriptionError.self) {
            _ = try await client.subscribe(SubscriptionRequest(mint: mint.url, kind: .proofState, filters: []))
        }
    }

    static func mintQuoteState(_ payload: NotificationPayload) -> MintQuoteState? {
        if case .bolt11MintQuote(let quote) = payload { return quote.state }
        return nil
    }

    static func meltQuoteState(_ payload: NotificationPayload) -> MeltQuoteState? {
        if case .meltQuote(let quote) = payload { return quote.state }
        return nil
    }

    static func unspentY(_ payload: NotificationPayload) -> String? {
        if case .proofState(let state) = payload, state.state == .unspent { return state.Y.hex }
        return nil
    }
}
