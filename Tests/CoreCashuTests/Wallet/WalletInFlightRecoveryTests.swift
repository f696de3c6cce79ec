// Tests of Wallet/Wallet+Recovery.swift and Operations/Wallet+Swap.swift against the real mint: a recovery pass that
// runs while an operation's answer is still on its way (held by a MintProxy) must not take the operation over,
// whether it runs in the same wallet or in another wallet on the same files (its lease is held).

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet: recovery while an operation is in flight", .serialized, .timeLimit(.minutes(5)))
struct WalletInFlightRecoveryTests {
    /// In the same wallet, `recover()` (e.g. a refresh while the user sends) leaves an operation in flight alone:
    /// it reports it open, sends nothing for it, and the operation completes with its own answer.
    @Test(arguments: ProxiedOperation.allCases)
    func recoveryLeavesAnOperationInFlightAlone(_ operation: ProxiedOperation) async throws {
        try await ProxyScenario.with(operation) { scenario in
            scenario.proxy.inject(.holdAnswer, path: operation.path)
            async let outcome: Void = scenario.run()
            try await Self.waitUntilTheMintActed(scenario.proxy)
            let before = scenario.proxy.requests.count

            let report = await scenario.wallet.wallet.recover()
            #expect(report.resolved.isEmpty)
            #expect(report.unresolved.map(\.1.code) == [.pending])
            #expect(
                scenario.proxy.requests.count == before,
                "recovery sent \(scenario.proxy.requests.dropFirst(before))"
            )

            scenario.proxy.releaseHeldAnswers()
            try await outcome
            try await scenario.expectSettled()
        }
    }

    /// The harm when recovery does take a send over: the send still handed out a token whose proofs the wallet
    /// kept as unspent (the token's value counted twice).
    @Test func sendInFlightKeepsItsTokenAwayFromTheBalance() async throws {
        try await ProxyScenario.with(.send) { scenario in
            scenario.proxy.inject(.holdAnswer, path: ProxiedOperation.send.path)
            async let sending = scenario.wallet.wallet.send(
                amount: ProxyScenario.sendAmount,
                mint: scenario.proxy.url,
                options: SendOptions(preferOffline: false)
            )
            try await Self.waitUntilTheMintActed(scenario.proxy)
            _ = await scenario.wallet.wallet.recover()

            scenario.proxy.releaseHeldAnswers()
            let sent = try await sending
            let unspent = Set(try await scenario.wallet.wallet.proofs(statuses: [.unspent]).map(\.Y))
            #expect(try Self.Ys(of: sent.token).isDisjoint(with: unspent))
            #expect(try await scenario.wallet.wallet.pendingSends().map(\.amount) == [ProxyScenario.sendAmount])
            try await scenario.expectSettled()
        }
    }

    /// A second wallet on the same files (as a second process would be) finds the send's lease held: its recovery
    /// pass reports the send pending and sends nothing for it, and the send hands out its token.
    @Test func anotherWalletOnTheSameFilesLeavesASendInFlightAlone() async throws {
        try await ProxyScenario.with(.send) { scenario in
            scenario.proxy.inject(.holdAnswer, path: ProxiedOperation.send.path)
            async let sending = scenario.wallet.wallet.send(
                amount: ProxyScenario.sendAmount,
                mint: scenario.proxy.url,
                options: SendOptions(preferOffline: false)
            )
            try await Self.waitUntilTheMintActed(scenario.proxy)
            let before = scenario.proxy.requests.count
            // Opening runs a recovery pass; so does the explicit one.
            let other = try await TestWallet.open(through: scenario.proxy, directory: scenario.wallet.directory)
            let report = await other.wallet.recover()
            #expect(report.resolved.isEmpty)
            #expect(report.unresolved.map(\.1.code) == [.pending])
            #expect(try await other.wallet.read { tx in try tx.unfinishedOperations() }.count == 1)
            #expect(
                scenario.proxy.requests.count == before,
                "recovery sent \(scenario.proxy.requests.dropFirst(before))")

            scenario.proxy.releaseHeldAnswers()
            let sent = try await sending
            #expect(sent.amount == ProxyScenario.sendAmount)
            #expect(try await scenario.wallet.wallet.pendingSends().map(\.amount) == [ProxyScenario.sendAmount])
            #expect(try scenario.wallet.lockFiles().isEmpty)
            try await scenario.expectSettled()
        }
    }

    /// Beneath the leases: a wallet that does not honour them (``UnguardedLeases``) recovers the send in flight and
    /// settles it as a swap keeping every output, so the send must fail instead of handing out a token.
    @Test func sendTakenOverByAnUnguardedWalletFailsWithoutAToken() async throws {
        try await ProxyScenario.with(.send) { scenario in
            scenario.proxy.inject(.holdAnswer, path: ProxiedOperation.send.path)
            async let sending = scenario.wallet.wallet.send(
                amount: ProxyScenario.sendAmount,
                mint: scenario.proxy.url,
                options: SendOptions(preferOffline: false)
            )
            try await Self.waitUntilTheMintActed(scenario.proxy)
            // Opening runs a recovery pass.
            let other = try await TestWallet.open(
                through: scenario.proxy, directory: scenario.wallet.directory, leases: UnguardedLeases())
            #expect(try await other.wallet.read { tx in try tx.unfinishedOperations() }.isEmpty)

            scenario.proxy.releaseHeldAnswers()
            do {
                let sent = try await sending
                Issue.record("the send returned a token of \(sent.amount) although its outputs stayed in the wallet")
            } catch {
                #expect((error as? WalletError)?.code == .cancelled, "\(error)")
            }
            #expect(try await scenario.wallet.wallet.pendingSends().isEmpty)
            try await scenario.expectSettled()
        }
    }

    /// Waits until a ``MintProxyFault/holdAnswer`` holds the mint's answer.
    static func waitUntilTheMintActed(_ proxy: MintProxy) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while proxy.heldAnswers == 0 {
            guard ContinuousClock.now < deadline else {
                Issue.record("the request never reached the mint")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    static func Ys(of token: Token) throws -> Set<CompressedPoint> {
        Set(try token.proofs.map { CompressedPoint(try HashToCurve.point(secret: $0.secret)) })
    }
}
