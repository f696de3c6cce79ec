// A wallet restored from its phrase on an empty directory, against the real Nutshell mint: it mints a paid NUT-20
// quote the old wallet never minted (knowing only its id) and claims a token locked to the old wallet's key.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
import CoreCashu

@Suite("Wallet locking keys from the seed, against the real mint", .timeLimit(.minutes(5)))
struct WalletLockingKeyTests {
    @Test func restoredWalletMintsTheLockedQuoteAndClaimsTheLockedToken() async throws {
        let mint = try await TestMint.shared
        let mnemonic = Mnemonic()
        let old = try await TestWallet.open(mnemonic: mnemonic)
        defer { old.remove() }
        try await old.wallet.addMint(mint.url)
        let quote = try await old.wallet.requestMintQuote(amount: 64, mint: mint.url)
        #expect(quote.pubkey != nil)
        _ = try await old.wallet.waitForMintQuote(quote.id, timeout: .seconds(20))
        let receivingKey = try await old.wallet.newReceivingKey()

        let payer = try await TestWallet.open()
        defer { payer.remove() }
        try await payer.fund(100, at: mint)
        let sent = try await payer.wallet.send(
            amount: 21, mint: mint.url, options: SendOptions(lock: .p2pk(key: receivingKey)))

        // The machine is lost; the phrase is all that is left.
        let restored = try await TestWallet.open(mnemonic: mnemonic)
        defer { restored.remove() }
        try await restored.wallet.addMint(mint.url)
        _ = try await restored.wallet.importMintQuote(quote.id, mint: mint.url)
        let minted = try await restored.wallet.mint(quoteID: quote.id)
        #expect(minted.amount == 64)
        let received = try await restored.wallet.receive(token: sent.token)
        #expect(received.amount + received.fee == 21)
        #expect(try await restored.balanceConfirmedByMint(mint) == 64 + received.amount)
    }
}
