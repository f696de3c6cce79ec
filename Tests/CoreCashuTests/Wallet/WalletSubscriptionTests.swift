// Tests of Wallet/Operations/Wallet+Waiting.swift, Wallet+MintQuote.swift (waitForMintQuote) and Wallet+MeltWait.swift
// with a fake NUT-17 transport and a real Nutshell mint: notifications are hints, the HTTP check decides.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet waiting through a subscription transport", .serialized, .timeLimit(.minutes(5)))
struct WalletSubscriptionTests {
    static let waitLimit = Duration.seconds(120)
    /// How long a wait lied to must hold out. The wallet checks over HTTP first and subscribes only while time is
    /// left, so this must leave room for that check on a loaded machine (2 s did not, once, in CI).
    static let lieWindow = Duration.seconds(10)

    /// Checks often, so a lie would be acted on at once if the wallet believed it.
    static let eager = options(subscriptionCheck: .milliseconds(200))
    /// Only a notification (or a stream ending) can end a wait within the test.
    static let hintOnly = options(subscriptionCheck: .seconds(3600))

    /// Polls every 50 ms; checks over HTTP beside the subscription every `subscriptionCheck`.
    static func options(subscriptionCheck: Duration) -> WalletOptions {
        var options = WalletOptions(pollInterval: .milliseconds(50))
        options.subscriptionCheckInterval = subscriptionCheck
        return options
    }

    static func eventually(_ condition: () async throws -> Bool) async rethrows -> Bool {
        try await AsyncWaiting.eventually(within: waitLimit, condition)
    }

    static func value<T: Sendable>(of task: Task<T, any Error>, within limit: Duration) async throws -> T? {
        try await AsyncWaiting.value(of: task, within: limit)
    }

    @Test("A transport that says PAID for an unpaid quote: the wallet checks, does not believe it, times out")
    func lyingMintQuoteNotification() async throws {
        try await TestMint.with(environment: ["FAKEWALLET_BRR": "False"]) { mint in
            let wallet = try await TestWallet.open(options: Self.eager)
            defer { wallet.remove() }
            let liar = FakeSubscriptionTransport(.lie { request in
                .bolt11MintQuote(
                    MintQuoteBolt11Response(
                        quote: request.filters.first ?? "", request: "lnbc1", amount: 1000, unit: .sat, state: .paid))
            })
            await wallet.wallet.setSubscriptionTransport(liar)
            try await wallet.wallet.addMint(mint.url)
            let quote = try await wallet.wallet.requestMintQuote(amount: 1000, mint: mint.url)
            await #expect { try await wallet.wallet.waitForMintQuote(quote.id, timeout: Self.lieWindow) } throws: {
                ($0 as? WalletError)?.code == .quoteState
            }
            #expect(
                await liar.requests
                    == [SubscriptionRequest(mint: mint.url, kind: .bolt11MintQuote, filters: [quote.id])])
            #expect(try await wallet.wallet.mintQuotes().first { $0.id == quote.id }?.state == .unpaid)
            await #expect(throws: WalletError.self) { try await wallet.wallet.mint(quoteID: quote.id) }
            #expect(try await wallet.wallet.balance() == 0)
            // The wait unsubscribed when it ended.
            #expect(await Self.eventually { await liar.terminations == 1 })
        }
    }

    @Test("A transport that says PAID for a pending melt: nothing is settled, the proofs stay pending")
    func lyingMeltNotification() async throws {
        try await TestMint.with(
            environment: ["FAKEWALLET_PAY_INVOICE_STATE": "PENDING", "FAKEWALLET_PAYMENT_STATE": "PENDING"]
        ) { mint in
            let wallet = try await TestWallet.open(options: Self.eager)
            defer { wallet.remove() }
            try await wallet.fund(300, at: mint)
            let quote = try await wallet.wallet.meltQuote(
                request: try await TestMint.externalInvoice(amount: 50), mint: mint.url)
            let started = try await wallet.wallet.melt(quoteID: quote.id)
            #expect(started.state == .pending)
            let pending = try await wallet.wallet.proofs(statuses: [.pending])
            let balance = try await wallet.wallet.balance()
            let liar = FakeSubscriptionTransport(.lie { request in
                .meltQuote(
                    MeltQuoteResponse(
                        quote: request.filters.first ?? "", amount: 50, unit: .sat, feeReserve: 2, state: .paid,
                        paymentPreimage: String(repeating: "0", count: 64), change: []))
            })
            await wallet.wallet.setSubscriptionTransport(liar)
            await #expect { try await wallet.wallet.waitForMelt(quoteID: quote.id, timeout: Self.lieWindow) } throws: {
                ($0 as? WalletError)?.code == .pending
            }
            #expect(await liar.requests.map(\.kind) == [.bolt11MeltQuote])
            #expect(try await wallet.wallet.proofs(statuses: [.pending]).map(\.Y) == pending.map(\.Y))
            #expect(try await wallet.wallet.balance() == balance)
            #expect(try await wallet.wallet.meltQuotes().first { $0.id == quote.id }?.state == .pending)
            #expect(try await wallet.wallet.history().first { $0.kind == .melt }?.state == .pending)
        }
    }

    /// One mint identity (database, port, key) whose FakeWallet first leaves outgoing payments PENDING, then is
    /// restarted with them settled (Nutshell then reports the melt PAID).
    struct PendingThenSettledMint {
        let database = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ws-melt-mint-\(UUID().uuidString)")
        let port = String((try? TestPort.reserve()) ?? 0)
        let key = "cashuswift-ws-melt-mint-\(UUID().uuidString)"

        func start(pending: Bool) async throws -> TestMint {
            var environment = ["MINT_DATABASE": database.path, "MINT_LISTEN_PORT": port, "MINT_PRIVATE_KEY": key]
            if pending {
                environment["FAKEWALLET_PAY_INVOICE_STATE"] = "PENDING"
                environment["FAKEWALLET_PAYMENT_STATE"] = "PENDING"
            }
            return try await TestMint.start(environment: environment)
        }
    }

    /// A funded wallet whose melt is left pending; `body` gets the wallet, the transport it waits through, the quote,
    /// the melt, and a function that restarts the mint with the payment settled.
    static func withPendingMelt(
        _ behaviour: FakeSubscriptionTransport.Behaviour,
        _ body: (TestWallet, FakeSubscriptionTransport, StoredMeltQuote, MeltResult, () async throws -> TestMint)
            async throws -> Void
    ) async throws {
        let identity = PendingThenSettledMint()
        defer { try? FileManager.default.removeItem(at: identity.database) }
        let first = try await identity.start(pending: true)
        var second: TestMint?
        let wallet = try await TestWallet.open(options: Self.hintOnly)
        defer { wallet.remove() }
        do {
            try await wallet.fund(300, at: first)
            let quote = try await wallet.wallet.meltQuote(
                request: try await TestMint.externalInvoice(amount: 40), mint: first.url)
            let started = try await wallet.wallet.melt(quoteID: quote.id)
            #expect(started.state == .pending)
            let transport = FakeSubscriptionTransport(behaviour)
            await wallet.wallet.setSubscriptionTransport(transport)
            try await body(wallet, transport, quote, started) {
                await first.stop()
                let settled = try await identity.start(pending: false)
                second = settled
                return settled
            }
        } catch {
            await first.stop()
            await second?.stop()
            throw error
        }
        await first.stop()
        await second?.stop()
    }

    @Test("A true hint ends the wait: the melt is confirmed over HTTP and settled")
    func hintSettlesMelt() async throws {
        try await Self.withPendingMelt(.manual) { wallet, transport, quote, started, restartSettled in
            let waiting = Task { try await wallet.wallet.waitForMelt(quoteID: quote.id, timeout: .seconds(3 * 3600)) }
            #expect(await Self.eventually { await transport.liveStreams == 1 })
            // The payment settles at the mint (a restart with FakeWallet settling it); the mint says so over NUT-17.
            let mint = try await restartSettled()
            let connector = mint.connector()
            #expect(try await Self.eventually { try await connector.meltQuoteState(quote: quote.id).state == .paid })
            await transport.send(.meltQuote(MeltQuoteResponse(quote: quote.id, amount: 40, state: .paid)))
            let result = try #require(try await Self.value(of: waiting, within: Self.waitLimit))
            #expect(result.state == .paid)
            #expect(result.operationID == started.operationID)
            #expect(try await wallet.wallet.proofs(statuses: [.pending]).isEmpty)
            #expect(try await wallet.balanceConfirmedByMint(mint) == (try await wallet.wallet.balance()))
            #expect(await Self.eventually { await transport.liveStreams == 0 })
        }
    }

    @Test(
        "No usable subscription (refused, or its stream ends): the wallet polls, through the mint's restart",
        arguments: [FakeSubscriptionTransport.Behaviour.refuse, .endAtOnce])
    func fallsBackToPolling(_ behaviour: FakeSubscriptionTransport.Behaviour) async throws {
        try await Self.withPendingMelt(behaviour) { wallet, transport, quote, _, restartSettled in
            let waiting = Task { try await wallet.wallet.waitForMelt(quoteID: quote.id, timeout: .seconds(3 * 3600)) }
            #expect(await Self.eventually { await transport.requests.count == 1 })
            // While the mint is down the polls fail; that does not end the wait.
            _ = try await restartSettled()
            let result = try #require(try await Self.value(of: waiting, within: Self.waitLimit))
            #expect(result.state == .paid)
            #expect(try await wallet.wallet.proofs(statuses: [.pending]).isEmpty)
        }
    }

    @Test("Waiting for a quote already paid returns without subscribing")
    func alreadyPaid() async throws {
        let mint = try await TestMint.shared
        let wallet = try await TestWallet.open(options: Self.hintOnly)
        defer { wallet.remove() }
        let transport = FakeSubscriptionTransport(.manual)
        await wallet.wallet.setSubscriptionTransport(transport)
        try await wallet.wallet.addMint(mint.url)
        let quote = try await wallet.wallet.requestMintQuote(amount: 10, mint: mint.url)
        _ = try await mint.waitUntilPaid(quote: quote.id)
        let paid = try await wallet.wallet.waitForMintQuote(quote.id, timeout: Self.waitLimit)
        #expect(paid.state == .paid)
        #expect(await transport.requests.isEmpty)
    }

    @Test("The wallet subscribes only where the mint advertises NUT-17 for the kind and unit, and has a transport")
    func subscribesOnlyWhereAdvertised() async throws {
        let mint = try await TestMint.shared
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.wallet.addMint(mint.url)
        let capabilities = try await wallet.wallet.capabilities(of: mint.url)
        #expect(capabilities.offersSubscription(.bolt11MintQuote, unit: .sat))
        #expect(!capabilities.offersSubscription(.bolt11MintQuote, unit: "usd"))
        #expect(!capabilities.offersSubscription(.bolt12MintQuote, unit: .sat))
        #expect(await wallet.wallet.subscription(.bolt11MintQuote, mint: mint.url, unit: .sat, filters: ["q"]) == nil)
        await wallet.wallet.setSubscriptionTransport(FakeSubscriptionTransport(.manual))
        #expect(await wallet.wallet.subscription(.bolt11MintQuote, mint: mint.url, unit: .sat, filters: ["q"]) != nil)
        #expect(await wallet.wallet.subscription(.bolt11MeltQuote, mint: mint.url, unit: "usd", filters: ["q"]) == nil)
        // A mint that does not advertise NUT-17 (or a wallet that stored its info before it kept the setting).
        #expect(!MintCapabilities(info: MintInfo()).offersSubscription(.proofState, unit: .sat))
    }

    @Test("waitForMelt refuses a quote with no payment under way")
    func noMeltUnderWay() async throws {
        let mint = try await TestMint.shared
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }
        try await wallet.wallet.addMint(mint.url)
        let quote = try await wallet.wallet.meltQuote(
            request: try await TestMint.externalInvoice(amount: 5), mint: mint.url)
        await #expect { try await wallet.wallet.waitForMelt(quoteID: quote.id, timeout: .seconds(1)) } throws: {
            ($0 as? WalletError)?.code == .invalidInput
        }
        await #expect { try await wallet.wallet.waitForMelt(quoteID: "nope", timeout: .seconds(1)) } throws: {
            ($0 as? WalletError)?.code == .invalidInput
        }
    }
}
