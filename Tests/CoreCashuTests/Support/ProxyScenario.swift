// Test support: one wallet operation run against the real mint through a MintProxy, and the books it must keep.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

/// A wallet that knows the shared test mint only through a fresh ``MintProxy``, made ready for one operation
/// (a paid mint quote, funds to send or melt, a token to receive), with the checks every fault test makes.
struct ProxyScenario {
    static let mintAmount: UInt64 = 100
    static let sendFunding: UInt64 = 500
    static let sendAmount: UInt64 = 100
    static let tokenAmount: UInt64 = 200
    static let meltFunding: UInt64 = 2000
    /// Large enough that the fee reserve (1 %) comes back as several change signatures.
    static let meltAmount: UInt64 = 1000

    let operation: ProxiedOperation
    let mint: TestMint
    let proxy: MintProxy
    let wallet: TestWallet
    /// The wallet that sent the token to receive.
    let sender: TestWallet?
    /// What the wallet held before the operation.
    let before: UInt64
    /// What came into the wallet, the operation included: funding, the minted amount, the token's value.
    let credited: UInt64
    /// The quote id (mint, melt) or the encoded token (receive).
    private let input: String

    /// Prepares the operation, runs `body` and tears everything down, whether `body` returns or throws.
    static func with(
        _ operation: ProxiedOperation,
        options: WalletOptions = WalletOptions(),
        backend: TestStoreBackend = .sqlite,
        _ body: (ProxyScenario) async throws -> Void
    ) async throws {
        let mint = try await TestMint.shared
        let proxy = try await MintProxy.start(inFrontOf: mint)
        let wallet = try await TestWallet.open(through: proxy, options: options, backend: backend)
        var sender: TestWallet?
        defer {
            wallet.remove()
            sender?.remove()
        }
        do {
            let input: String
            let before: UInt64
            let credited: UInt64
            switch operation {
            case .mint:
                try await wallet.wallet.addMint(proxy.url)
                let quote = try await wallet.wallet.requestMintQuote(amount: mintAmount, mint: proxy.url)
                _ = try await wallet.wallet.waitForMintQuote(quote.id, timeout: .seconds(20))
                (input, before, credited) = (quote.id, 0, mintAmount)
            case .send:
                try await wallet.fund(sendFunding, through: proxy)
                (input, before, credited) = ("", sendFunding, sendFunding)
            case .receive:
                let payer = try await TestWallet.open(through: proxy)
                sender = payer
                try await payer.fund(tokenAmount + 100, through: proxy)
                let token = try await payer.wallet.send(amount: tokenAmount, mint: proxy.url).token
                try await wallet.wallet.addMint(proxy.url)
                (input, before, credited) = (try token.serialized(as: .v4), 0, tokenAmount)
            case .melt:
                try await wallet.fund(meltFunding, through: proxy)
                let invoice = try await TestMint.externalInvoice(amount: meltAmount)
                let quote = try await wallet.wallet.meltQuote(request: invoice, mint: proxy.url)
                (input, before, credited) = (quote.id, meltFunding, meltFunding)
            }
            let scenario = ProxyScenario(
                operation: operation,
                mint: mint,
                proxy: proxy,
                wallet: wallet,
                sender: sender,
                before: before,
                credited: credited,
                input: input
            )
            try await body(scenario)
            await proxy.shutdown()
        } catch {
            await proxy.shutdown()
            throw error
        }
    }

    /// The melt quote of a melt scenario.
    var meltQuoteID: String? { operation == .melt ? input : nil }

    /// The encoded token of a receive scenario.
    var tokenToReceive: String? { operation == .receive ? input : nil }

    /// Runs the operation.
    func run() async throws(WalletError) {
        switch operation {
        case .mint:
            _ = try await wallet.wallet.mint(quoteID: input)
        case .send:
            let options = SendOptions(preferOffline: false)
            _ = try await wallet.wallet.send(amount: Self.sendAmount, mint: proxy.url, options: options)
        case .receive:
            _ = try await wallet.wallet.receive(input)
        case .melt:
            _ = try await wallet.wallet.melt(quoteID: input)
        }
    }

    /// Arms `fault` for the operation's endpoint (for its next `times` requests), runs the operation and returns
    /// the error it threw (recording an issue when it did not throw).
    func runFailing(
        _ fault: MintProxyFault,
        times: Int = 1,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> WalletError? {
        proxy.inject(fault, path: operation.path, times: times)
        do {
            try await run()
            Issue.record("\(operation) succeeded despite \(fault)", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(proxy.armedFaults == times - 1, "the fault was not applied once", sourceLocation: sourceLocation)
            return error
        }
    }

    /// The same scenario with the wallet reopened from its directory.
    func reopened(_ reopened: TestWallet) -> ProxyScenario {
        ProxyScenario(
            operation: operation,
            mint: mint,
            proxy: proxy,
            wallet: reopened,
            sender: sender,
            before: before,
            credited: credited,
            input: input
        )
    }

    /// After a call that failed without a definite answer: its operation is open and holds its inputs, nothing was
    /// credited from the answer, and every spendable proof is one the mint confirms.
    func expectHeld(_ error: WalletError, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let id = try #require(error.operationID, "no operation id in \(error)", sourceLocation: sourceLocation)
        let open = try await wallet.wallet.read { tx in try tx.unfinishedOperations() }.map(\.id)
        #expect(open == [id], "open operations: \(open)", sourceLocation: sourceLocation)
        let held = try await wallet.wallet.proofs(statuses: [.reserved, .pending])
        #expect(held.allSatisfy { $0.operationID == id }, sourceLocation: sourceLocation)
        switch operation {
        case .send: #expect(!held.isEmpty && held.allSatisfy { $0.status == .reserved }, sourceLocation: sourceLocation)
        case .melt: #expect(!held.isEmpty && held.allSatisfy { $0.status == .pending }, sourceLocation: sourceLocation)
        case .mint, .receive: #expect(held.isEmpty, sourceLocation: sourceLocation)
        }
        let balance = try await wallet.wallet.balance()
        let heldAmount = held.reduce(0) { $0 + $1.amount }
        #expect(
            balance + heldAmount + (try await fees(excluding: id)) == before,
            "balance \(balance) + held \(heldAmount) + fees != \(before)",
            sourceLocation: sourceLocation
        )
        #expect(try await wallet.balanceConfirmedByMint(behind: proxy) == balance, sourceLocation: sourceLocation)
    }

    /// After recovery: nothing open, nothing held, the balance is what the mint confirms, and the books balance
    /// (balance + sent + melted + fees == what came in).
    func expectSettled(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let open = try await wallet.wallet.read { tx in try tx.unfinishedOperations() }
        #expect(open.isEmpty, "unfinished operations: \(open)", sourceLocation: sourceLocation)
        let held = try await wallet.wallet.proofs(statuses: [.reserved, .pending])
        #expect(held.isEmpty, "held proofs: \(held.count)", sourceLocation: sourceLocation)
        let balance = try await wallet.wallet.balance()
        #expect(try await wallet.balanceConfirmedByMint(behind: proxy) == balance, sourceLocation: sourceLocation)
        let sent = try await wallet.wallet.pendingSends().reduce(0) { $0 + $1.amount }
        let melted = try await wallet.wallet.history().filter { $0.kind == .melt && $0.state == .done }
            .reduce(0) { $0 + $1.amount }
        let fees = try await fees(excluding: nil)
        #expect(
            balance + sent + melted + fees == credited,
            "balance \(balance) + sent \(sent) + melted \(melted) + fees \(fees) != \(credited)",
            sourceLocation: sourceLocation
        )
        if operation == .mint { #expect(balance == Self.mintAmount, sourceLocation: sourceLocation) }
        if operation == .melt { #expect(melted == Self.meltAmount, sourceLocation: sourceLocation) }
    }

    /// The request the fault hit and the next one to the same endpoint (recovery's replay) carried the same bytes.
    func expectReplayIdentical(sourceLocation: SourceLocation = #_sourceLocation) {
        let requests = proxy.requests("POST", operation.path)
        guard let faulted = requests.lastIndex(where: { $0.fault != nil }), faulted + 1 < requests.count else {
            Issue.record("no replay after the fault: \(requests)", sourceLocation: sourceLocation)
            return
        }
        #expect(requests[faulted + 1].body == requests[faulted].body, sourceLocation: sourceLocation)
        #expect(requests[faulted + 1].fault == nil, sourceLocation: sourceLocation)
    }

    /// Fees in the history of operations that did not fail (optionally leaving one out).
    func fees(excluding id: OperationID?) async throws -> UInt64 {
        try await wallet.wallet.history().filter { $0.state != .failed && $0.id != id }.reduce(0) { $0 + $1.fee }
    }
}
