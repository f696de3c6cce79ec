// Tests of what the service's desktop notifications say for each wallet event: money that arrived or left, work the
// mint refused, a claimed token, a login needed; nothing for balances and progress; never a quote id or a token.

import CoreCashu
import Testing

@testable import CashuCLI
@testable import CashuEngine

@Suite("cashu daemon: desktop notification texts")
struct DaemonNotificationTextTests {
    static let mint = try! MintURL("https://mint.example.com")

    static func op(_ kind: OperationKind, amount: UInt64? = 21) -> WalletOperationEvent {
        WalletOperationEvent(id: .random(), kind: kind, mint: mint, unit: .sat, amount: amount, fee: 1)
    }

    @Test("settled mints, receives and payments, failed payments, refused queued work, claims and logins are told")
    func told() throws {
        let cases: [(WalletEvent, String)] = [
            (.operationSettled(Self.op(.mint)), "Received 21 sat"),
            (.operationSettled(Self.op(.receive)), "Received 21 sat"),
            (.operationSettled(Self.op(.melt)), "Paid 21 sat"),
            (.operationFailed(Self.op(.melt)), "A payment failed"),
            (
                .queuedWorkFinished(mint: Self.mint, entry: .random(), operation: nil, done: false),
                "Queued work was refused"
            ),
            (.sentTokenClaimed(Self.op(.send)), "Your token was claimed"),
            (.loginNeeded(mint: Self.mint), "Log in to mint.example.com"),
        ]
        for (event, summary) in cases {
            let text = try #require(DaemonNotificationText.text(for: event), "\(event)")
            #expect(text.summary == summary)
            #expect(text.body.contains("mint.example.com"))
        }
    }

    @Test("balances, progress, holds, pending outcomes, swaps and work done are not notifications")
    func quiet() {
        let events: [WalletEvent] = [
            .balanceChanged(mint: Self.mint, unit: .sat, balance: 5),
            .operationPrepared(Self.op(.send)), .operationStarted(Self.op(.melt)),
            .operationProgressed(Self.op(.receive), WalletProgress(completed: 1, total: 2, unit: "parts")),
            .operationPending(Self.op(.melt)), .operationSettled(Self.op(.swap)), .operationFailed(Self.op(.send)),
            .queuedWorkFinished(mint: Self.mint, entry: .random(), operation: nil, done: true),
            .mintQuotePaid(mint: Self.mint, quoteID: "quote-secret", amount: 5),
            .mintReachability(mint: Self.mint, reachable: false), .eventsMissed(count: 3),
        ]
        for event in events { #expect(DaemonNotificationText.text(for: event) == nil, "\(event)") }
    }

    @Test("a login notice is said once per interval and mint; a failed payment only once it was in flight")
    func filtered() {
        let filter = NotificationFilter(loginInterval: .seconds(600))
        let other = try? MintURL("https://other.example.com")
        #expect(filter.admits(.loginNeeded(mint: Self.mint)))
        #expect(!filter.admits(.loginNeeded(mint: Self.mint)))
        #expect(other.map { filter.admits(.loginNeeded(mint: $0)) } == true)
        // A payment that fails at once (a queued one retried while its mint is down) says nothing.
        let quick = Self.op(.melt)
        #expect(!filter.admits(.operationFailed(quick)))
        // One in flight, then failed: told once.
        let flight = Self.op(.melt)
        #expect(!filter.admits(.operationPending(flight)))
        #expect(filter.admits(.operationFailed(flight)))
        #expect(!filter.admits(.operationFailed(flight)))
        // Settled payments and everything else pass.
        #expect(filter.admits(.operationSettled(Self.op(.melt))))
        #expect(filter.admits(.sentTokenClaimed(Self.op(.send))))
    }
}
