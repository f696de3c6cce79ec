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

    @Test("the same login notice is said once per interval")
    func throttled() {
        let throttle = NotificationThrottle(interval: .seconds(600))
        #expect(throttle.allows("Log in to a"))
        #expect(!throttle.allows("Log in to a"))
        #expect(throttle.allows("Log in to b"))
    }
}
