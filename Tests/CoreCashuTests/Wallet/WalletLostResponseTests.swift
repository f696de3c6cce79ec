// Tests of Wallet/ recovery against the real mint behind a MintProxy: answers lost after the mint acted, a 500 the
// mint never saw, garbage, a cut; the call reports `pending`, holds its proofs, and recovery replays and settles.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet: lost and broken answers from the real mint", .serialized, .timeLimit(.minutes(5)))
struct WalletLostResponseTests {
    /// Faults after which the wallet cannot know what the mint did.
    static let faults: [MintProxyFault] = [.dropResponseAfterForwarding, .status(500), .garbage, .cutMidResponse]

    @Test(arguments: ProxiedOperation.allCases, faults)
    func ambiguousAnswerIsRecovered(_ operation: ProxiedOperation, _ fault: MintProxyFault) async throws {
        try await ProxyScenario.with(operation) { scenario in
            let error = try #require(await scenario.runFailing(fault))
            #expect(error.code == .pending, "\(error)")
            try await scenario.expectHeld(error)

            let report = await scenario.wallet.wallet.recover()
            #expect(report.unresolved.isEmpty, "\(report.unresolved)")
            #expect(report.resolved == [try #require(error.operationID)])
            try await scenario.expectSettled()
            scenario.expectReplayIdentical()
        }
    }

    /// The replay's answer is lost too: recovery leaves the operation pending (proofs still held); the next pass
    /// settles it.
    @Test(arguments: ProxiedOperation.allCases)
    func answerLostTwiceStaysPendingUntilAnAnswerArrives(_ operation: ProxiedOperation) async throws {
        try await ProxyScenario.with(operation) { scenario in
            let error = try #require(await scenario.runFailing(.dropResponseAfterForwarding, times: 2))
            #expect(error.code == .pending, "\(error)")
            let id = try #require(error.operationID)

            let first = await scenario.wallet.wallet.recover()
            #expect(first.resolved.isEmpty)
            #expect(first.unresolved.map(\.0) == [id])
            try await scenario.expectHeld(error)

            let second = await scenario.wallet.wallet.recover()
            #expect(second.resolved == [id], "\(second.unresolved)")
            try await scenario.expectSettled()
            scenario.expectReplayIdentical()
        }
    }

    /// A restart recovers too: `Wallet.open` runs `recover()` before handing the wallet out.
    @Test(arguments: ProxiedOperation.allCases)
    func lostAnswerIsRecoveredByReopening(_ operation: ProxiedOperation) async throws {
        try await ProxyScenario.with(operation) { scenario in
            let error = try #require(await scenario.runFailing(.dropResponseAfterForwarding))
            #expect(error.code == .pending, "\(error)")
            let reopened = try await TestWallet.open(through: scenario.proxy, directory: scenario.wallet.directory)
            try await scenario.reopened(reopened).expectSettled()
            scenario.expectReplayIdentical()
        }
    }

    /// While a send whose answer was lost is pending, another send picks other proofs and leaves the reserved
    /// ones alone; recovery then settles the first.
    @Test func anotherSendWhileOneIsPendingLeavesItsProofsAlone() async throws {
        try await ProxyScenario.with(.send) { scenario in
            let error = try #require(await scenario.runFailing(.dropResponseAfterForwarding))
            let reserved = Set(try await scenario.wallet.wallet.proofs(statuses: [.reserved]).map(\.Y))
            let options = SendOptions(preferOffline: false)
            let second = try await scenario.wallet.wallet.send(amount: 50, mint: scenario.proxy.url, options: options)
            #expect(second.amount == 50)
            let stillReserved = try await scenario.wallet.wallet.proofs(statuses: [.reserved])
            #expect(Set(stillReserved.map(\.Y)) == reserved)
            #expect(stillReserved.allSatisfy { $0.operationID == error.operationID })

            #expect(await scenario.wallet.wallet.recover().unresolved.isEmpty)
            try await scenario.expectSettled()
            #expect(try await scenario.wallet.wallet.pendingSends().map(\.amount) == [50])
        }
    }

    /// A locked send whose answer was lost: its outputs locked to the receiver are not the wallet's to spend, so
    /// recovery keeps them as a pending send (its token can still be handed over) instead of in the balance.
    @Test func lostLockedSendStaysAPendingSend() async throws {
        try await ProxyScenario.with(.send) { scenario in
            let wallet = scenario.wallet.wallet
            let options = SendOptions(lock: .p2pk(key: Scalar.random().publicKey), preferOffline: false)
            scenario.proxy.inject(.dropResponseAfterForwarding, path: ProxiedOperation.send.path)
            await #expect {
                try await wallet.send(amount: ProxyScenario.sendAmount, mint: scenario.proxy.url, options: options)
            } throws: {
                ($0 as? WalletError)?.code == .pending
            }

            #expect(await wallet.recover().unresolved.isEmpty)
            try await scenario.expectSettled()
            #expect(try await wallet.pendingSends().map(\.amount) == [ProxyScenario.sendAmount])
            let unspent = try await wallet.proofs(statuses: [.unspent])
            #expect(unspent.allSatisfy { (try? WellKnownSecret.parse($0.proof.secret)) == nil })
            scenario.expectReplayIdentical()
        }
    }

    /// A mint call whose answer was lost is finished by calling `mint(quoteID:)` again, not only by recovery.
    @Test func mintingAgainFinishesALostMint() async throws {
        try await ProxyScenario.with(.mint) { scenario in
            let error = try #require(await scenario.runFailing(.dropResponseAfterForwarding))
            #expect(error.code == .pending, "\(error)")
            try await scenario.run()
            try await scenario.expectSettled()
            scenario.expectReplayIdentical()
        }
    }

    /// After a lost mint answer, the replay is refused for something that changed since (here: "keyset inactive",
    /// 12002). That refusal is not definite on a replay: NUT-09 still finds the outputs the first attempt got signed.
    @Test func replayRefusedForAChangedKeysetStillRecoversTheOutputs() async throws {
        try await ProxyScenario.with(.mint) { scenario in
            let error = try #require(await scenario.runFailing(.dropResponseAfterForwarding))
            #expect(error.code == .pending, "\(error)")
            scenario.proxy.inject(
                .replaceBody("keyset inactive") { _ in Data(#"{"detail":"keyset is inactive","code":12002}"#.utf8) },
                path: ProxiedOperation.mint.path)
            try await scenario.run()
            try await scenario.expectSettled()
        }
    }
}
