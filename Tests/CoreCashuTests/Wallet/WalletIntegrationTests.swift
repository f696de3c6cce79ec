// Tests of Wallet/ against a real Nutshell mint: mint, send, receive, melt, check, reclaim, restore.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet against a real mint", .serialized, .timeLimit(.minutes(5)))
struct WalletIntegrationTests {
    @Test func mintSendReceiveAndMelt() async throws {
        let mint = try await TestMint.shared
        let alice = try await TestWallet.open()
        let bob = try await TestWallet.open()
        defer { alice.remove(); bob.remove() }

        let minted = try await alice.fund(1000, at: mint)
        #expect(minted.amount == 1000)
        #expect(try await alice.wallet.balance() == 1000)
        #expect(try await alice.balanceConfirmedByMint(mint) == 1000)

        let sent = try await alice.wallet.send(amount: 300, mint: mint.url)
        #expect(sent.amount == 300)
        #expect(try sent.token.totalAmount() == 300)
        let afterSend = try await alice.wallet.balance()
        #expect(afterSend == 1000 - 300 - sent.fee)
        #expect(try await alice.balanceConfirmedByMint(mint) == afterSend)
        #expect(try await alice.wallet.pendingSends().map(\.amount) == [300])

        try await bob.wallet.addMint(mint.url)
        let received = try await bob.wallet.receive(try sent.token.serialized(as: .v4))
        #expect(received.amount == 300 - received.fee)
        #expect(try await bob.wallet.balance() == received.amount)
        #expect(try await bob.balanceConfirmedByMint(mint) == received.amount)

        let check = try await alice.wallet.check()
        #expect(check.claimed == [sent.operationID])
        #expect(try await alice.wallet.pendingSends().isEmpty)

        let invoice = try await TestMint.externalInvoice(amount: 100)
        let quote = try await alice.wallet.meltQuote(request: invoice, mint: mint.url)
        let melted = try await alice.wallet.melt(quoteID: quote.id)
        #expect(melted.state == .paid)
        let afterMelt = try await alice.wallet.balance()
        #expect(afterMelt + 100 + melted.fee == afterSend)
        #expect(try await alice.balanceConfirmedByMint(mint) == afterMelt)

        let history = try await alice.wallet.history()
        #expect(Set(history.map(\.kind)).isSuperset(of: [.mint, .send, .melt]))
        #expect(history.allSatisfy { $0.state == .done })
    }

    @Test func offlineSendWithExactProofsAndReclaim() async throws {
        let mint = try await TestMint.shared
        let alice = try await TestWallet.open()
        defer { alice.remove() }
        try await alice.fund(64, at: mint)
        let holdings = try await alice.wallet.proofs().map(\.amount)
        let exact = try #require(holdings.max())
        let sent = try await alice.wallet.send(amount: exact, mint: mint.url, options: SendOptions(offlineOnly: true))
        #expect(!sent.swapped)
        #expect(sent.fee == 0)
        #expect(try await alice.wallet.balance() == 64 - exact)

        let reclaimed = try await alice.wallet.reclaim(sent.operationID)
        #expect(reclaimed.amount + reclaimed.fee == exact)
        #expect(try await alice.wallet.balance() == 64 - reclaimed.fee)
        #expect(try await alice.balanceConfirmedByMint(mint) == 64 - reclaimed.fee)
        #expect(try await alice.wallet.pendingSends().isEmpty)
    }

    @Test func receivingOwnTokenCancelsTheSend() async throws {
        let mint = try await TestMint.shared
        let alice = try await TestWallet.open()
        defer { alice.remove() }
        try await alice.fund(100, at: mint)
        let sent = try await alice.wallet.send(amount: 40, mint: mint.url, options: SendOptions(preferOffline: false))
        let received = try await alice.wallet.receive(try sent.token.serialized(as: .v4))
        #expect(try await alice.wallet.pendingSends().isEmpty)
        #expect(try await alice.wallet.history().first { $0.id == sent.operationID }?.state == .failed)
        let balance = try await alice.wallet.balance()
        #expect(balance + sent.fee + received.fee == 100)
        #expect(try await alice.balanceConfirmedByMint(mint) == balance)
    }

    @Test func restoreFromMnemonic() async throws {
        let mint = try await TestMint.shared
        let mnemonic = Mnemonic()
        let original = try await TestWallet.open(mnemonic: mnemonic)
        defer { original.remove() }
        try await original.fund(500, at: mint)
        _ = try await original.wallet.send(amount: 100, mint: mint.url)
        let kept = try await original.wallet.balance()

        let restored = try await TestWallet.open(mnemonic: mnemonic)
        defer { restored.remove() }
        try await restored.wallet.addMint(mint.url)
        let result = try await restored.wallet.restore(mint: mint.url)
        // The 100 sent are unspent at the mint too: a restore finds them (nobody claimed the token).
        #expect(result.amount == kept + 100)
        #expect(try await restored.wallet.balance() == kept + 100)
        // Counters moved past the last hit: new outputs do not collide with restored ones.
        try await restored.fund(10, at: mint)
        #expect(try await restored.balanceConfirmedByMint(mint) == kept + 110)
    }

    @Test func badInputLosesNothing() async throws {
        let mint = try await TestMint.shared
        let alice = try await TestWallet.open()
        let bob = try await TestWallet.open()
        defer { alice.remove(); bob.remove() }
        try await alice.fund(200, at: mint)
        try await bob.wallet.addMint(mint.url)

        await #expect { try await bob.wallet.receive("cashuBgarbage") } throws: {
            ($0 as? WalletError)?.code == .invalidInput
        }
        let sent = try await alice.wallet.send(amount: 50, mint: mint.url)
        let encoded = try sent.token.serialized(as: .v3)
        let stranger = try await TestWallet.open()
        defer { stranger.remove() }
        await #expect { try await stranger.wallet.receive(encoded) } throws: {
            ($0 as? WalletError)?.code == .unknownMint
        }
        var doubled = sent.token
        doubled.entries[0].proofs += doubled.entries[0].proofs
        await #expect { try await bob.wallet.receive(token: doubled) } throws: {
            ($0 as? WalletError)?.code == .invalidInput
        }
        _ = try await bob.wallet.receive(encoded)
        let bobBalance = try await bob.wallet.balance()
        await #expect { try await bob.wallet.receive(encoded) } throws: { ($0 as? WalletError)?.code == .alreadySpent }
        #expect(try await bob.wallet.balance() == bobBalance)
        let aliceBalance = try await alice.wallet.balance()
        await #expect { try await alice.wallet.send(amount: 10_000, mint: mint.url) } throws: {
            ($0 as? WalletError)?.code == .insufficientFunds
        }
        #expect(try await alice.wallet.balance() == aliceBalance)
        #expect(try await alice.balanceConfirmedByMint(mint) == aliceBalance)
        #expect(try await bob.balanceConfirmedByMint(mint) == bobBalance)
    }
}
