// Tests of Wallet/ (SignatureUnblinder, melt settlement, recovery) against a hostile mint: a MintProxy in front of
// the real mint alters its answers; the wallet refuses them, credits nothing from them and loses no proof.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet: a hostile mint's answers", .serialized, .timeLimit(.minutes(5)))
struct WalletHostileMintTests {
    /// Altered signatures (amounts, order, DLEQ, keyset, count) are refused as `invalidMintResponse`; the mint did
    /// act, so the operation stays open, and recovery (replay, then NUT-09 restore) gets the true signatures.
    @Test(arguments: ProxiedOperation.allCases, SignatureTampering.allCases)
    func tamperedSignaturesAreRefused(_ operation: ProxiedOperation, _ tampering: SignatureTampering) async throws {
        // A melt may return fewer change signatures than blank outputs: see `meltWithADroppedChangeSignature`.
        guard !(operation == .melt && tampering == .dropOne) else { return }
        try await ProxyScenario.with(operation) { scenario in
            let error = try #require(await scenario.runFailing(tampering.fault(operation.signatureKey)))
            #expect(error.code == .invalidMintResponse, "\(error)")
            try await scenario.expectHeld(error)

            let report = await scenario.wallet.wallet.recover()
            #expect(report.unresolved.isEmpty, "\(report.unresolved)")
            try await scenario.expectSettled()
            scenario.expectReplayIdentical()
        }
    }

    /// Two equal-amount signatures swapped and their DLEQ proofs stripped: only `requireDLEQ` can tell.
    @Test(arguments: [ProxiedOperation.mint, .send, .receive])
    func swappedSignaturesWithoutDLEQAreRefusedWhenDLEQIsRequired(_ operation: ProxiedOperation) async throws {
        try await ProxyScenario.with(operation, options: WalletOptions(requireDLEQ: true)) { scenario in
            let fault = SignatureTampering.swapEqualAmountsWithoutDLEQ(operation.signatureKey)
            let error = try #require(await scenario.runFailing(fault))
            #expect(error.code == .invalidMintResponse, "\(error)")
            try await scenario.expectHeld(error)
            #expect(await scenario.wallet.wallet.recover().unresolved.isEmpty)
            try await scenario.expectSettled()
        }
    }

    /// Faults for the NUT-09 restore that recovery relies on.
    static let restoreFaults: [MintProxyFault] = [
        SignatureTampering.wrongAmount.fault("signatures"), SignatureTampering.corruptDLEQe.fault("signatures"),
        SignatureTampering.restoreOmitsOne(), .cutMidResponse, .status(500),
    ]

    /// The restore that recovery relies on is tampered with or broken as well: recovery leaves the operation open,
    /// holding its proofs, and a later pass with honest answers settles it.
    @Test(arguments: [ProxiedOperation.mint, .send, .receive], restoreFaults)
    func brokenRestoreDuringRecoveryKeepsTheOperationOpen(
        _ operation: ProxiedOperation,
        _ restoreFault: MintProxyFault
    ) async throws {
        try await ProxyScenario.with(operation) { scenario in
            let error = try #require(await scenario.runFailing(.dropResponseAfterForwarding))
            let id = try #require(error.operationID)
            scenario.proxy.inject(restoreFault, path: "/v1/restore")

            let first = await scenario.wallet.wallet.recover()
            #expect(first.unresolved.map(\.0) == [id])
            let code = first.unresolved.first?.1.code
            #expect(code == .invalidMintResponse || code == .pending, "\(first.unresolved)")
            #expect(scenario.proxy.armedFaults == 0)
            try await scenario.expectHeld(error)

            #expect(await scenario.wallet.wallet.recover().resolved == [id])
            try await scenario.expectSettled()
        }
    }

    /// A melt answered `UNPAID` although the mint paid: NUT-07 says the inputs are spent, so nothing is released;
    /// recovery learns the truth from the quote.
    @Test func meltFalselyAnsweredUnpaidKeepsItsInputsPending() async throws {
        try await ProxyScenario.with(.melt) { scenario in
            let error = try #require(await scenario.runFailing(SignatureTampering.setField("state", to: "UNPAID")))
            #expect(error.code == .pending, "\(error)")
            try await scenario.expectHeld(error)
            #expect(await scenario.wallet.wallet.recover().unresolved.isEmpty)
            try await scenario.expectSettled()
        }
    }

    /// A melt answered `PENDING` although the mint paid: the proofs stay pending; recovery settles it as paid.
    @Test func meltFalselyAnsweredPendingSettlesOnRecovery() async throws {
        try await ProxyScenario.with(.melt) { scenario in
            scenario.proxy.inject(SignatureTampering.setField("state", to: "PENDING"), path: ProxiedOperation.melt.path)
            let result = try await scenario.wallet.wallet.melt(quoteID: try #require(scenario.meltQuoteID))
            #expect(result.state == .pending)
            #expect(!(try await scenario.wallet.wallet.proofs(statuses: [.pending])).isEmpty)
            #expect(await scenario.wallet.wallet.recover().unresolved.isEmpty)
            try await scenario.expectSettled()
        }
    }

    /// A melt the mint reports `PENDING` again during recovery is still open: the report says so (not resolved),
    /// the proofs stay pending, and a later pass settles it once the quote is paid.
    @Test func meltStillPendingAtRecoveryIsReportedOpen() async throws {
        try await ProxyScenario.with(.melt) { scenario in
            let quoteID = try #require(scenario.meltQuoteID)
            let pending = SignatureTampering.setField("state", to: "PENDING")
            scenario.proxy.inject(pending, path: ProxiedOperation.melt.path)
            scenario.proxy.inject(pending, method: "GET", path: "/v1/melt/quote/bolt11/\(quoteID)")
            let result = try await scenario.wallet.wallet.melt(quoteID: quoteID)
            #expect(result.state == .pending)

            let first = await scenario.wallet.wallet.recover()
            #expect(first.resolved.isEmpty)
            #expect(first.unresolved.map(\.0) == [result.operationID])
            #expect(first.unresolved.first?.1.code == .pending)
            #expect(scenario.proxy.armedFaults == 0)
            #expect(!(try await scenario.wallet.wallet.proofs(statuses: [.pending])).isEmpty)

            #expect(await scenario.wallet.wallet.recover().resolved == [result.operationID])
            try await scenario.expectSettled()
        }
    }

    /// A dropped change signature cannot be told from a mint keeping more of the fee reserve: the melt settles with
    /// the change it got, and the books balance. The dropped change is not lost: a NUT-09 restore finds it.
    @Test func meltWithADroppedChangeSignature() async throws {
        try await ProxyScenario.with(.melt) { scenario in
            scenario.proxy.inject(SignatureTampering.dropOne.fault("change"), path: ProxiedOperation.melt.path)
            let result = try await scenario.wallet.wallet.melt(quoteID: try #require(scenario.meltQuoteID))
            #expect(result.state == .paid)
            try await scenario.expectSettled()

            let before = try await scenario.wallet.wallet.balance()
            let restored = try await scenario.wallet.wallet.restore(mint: scenario.proxy.url)
            #expect(restored.amount > 0, "the dropped change was not found")
            #expect(try await scenario.wallet.wallet.balance() == before + restored.amount)
            #expect(
                try await scenario.wallet.balanceConfirmedByMint(behind: scenario.proxy) == before + restored.amount
            )
        }
    }
}
