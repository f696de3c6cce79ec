// Engine tests: the history as a user's story — a transfer between mints is one line linking its melt and mint.

import CashuEngineTestSupport
import Foundation
import Testing

@testable import CashuEngine

@Suite("Wallet engine: activity")
struct WalletActivityEngineTests {
    @Test("a transfer is one line (from, to, amount, fee) whose parts are its melt and its mint")
    func transferIsOneLine() async throws {
        let a = ScriptedMint(host: "a.example", inputFeePPK: 100)
        let b = ScriptedMint(host: "b.example")
        let wallet = try await ScriptedWallet.open(mints: [a, b])
        try await ScriptedWallet.fund(wallet, at: a, amount: 500)
        try await wallet.addMint(b.url)
        let result = try await wallet.transfer(try await wallet.transferQuote(amount: 100, from: a.url, to: b.url))
        #expect(result.state == .done)
        let history = try await wallet.history()
        let melt = try #require(history.first { $0.kind == .melt })
        let minted = try #require(history.first { $0.kind == .mint && $0.mintURL == b.url })
        let activity = try await wallet.activity()
        let line = try #require(activity.first)
        #expect(line.kind == .transfer)
        #expect(line.id == result.operationID)
        #expect(line.mintURL == a.url && line.destination == b.url)
        #expect(line.amount == 100)
        #expect(line.fee == result.fee)
        #expect(line.state == .done)
        #expect(Set(line.parts) == [melt.id, minted.id])
        // The parts are not lines of their own; the funding mint at A still is.
        #expect(!activity.contains { $0.id == melt.id || $0.id == minted.id })
        #expect(activity.count == history.count - 1)
        #expect(activity.contains { $0.kind == .mint && $0.mintURL == a.url })
    }

    @Test("without transfers the story is the history")
    func plainHistory() async throws {
        let harness = try await EngineHarness.make(amount: 100)
        _ = try await harness.wallet.send(amount: 10, mint: harness.mint.url)
        let history = try await harness.wallet.history()
        #expect(try await harness.wallet.activity().map(\.id) == history.map(\.id))
    }
}
