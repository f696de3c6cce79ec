// Engine tests: quote and receiving keys derived from the seed (nuts#373, #331): a wallet restored from its phrase
// mints a locked quote it never saw and claims a token locked to its old key.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

@Suite("Wallet engine: locking keys from the seed")
struct WalletLockingKeyEngineTests {
    /// A wallet at a fresh mint, and a second, empty wallet opened from the same phrase (a new machine).
    private func twins(amount: UInt64 = 0) async throws -> (EngineHarness, Wallet) {
        let harness = try await EngineHarness.make(amount: amount)
        let phrase = try await WalletSecrets.mnemonic(in: harness.secureStore, given: nil, mustExist: true).0
        let restored = try await ScriptedWallet.open(mints: [harness.mint], mnemonic: phrase)
        try await restored.addMint(harness.mint.url)
        return (harness, restored)
    }

    @Test("each quote gets the next derived key: unlinkable, never reused, and the same on the restored twin")
    func quoteKeysAreDerived() async throws {
        let (harness, restored) = try await twins()
        let first = try await harness.wallet.requestMintQuote(amount: 10, mint: harness.mint.url)
        let second = try await harness.wallet.requestMintQuote(amount: 10, mint: harness.mint.url)
        let keys = try DeterministicSecrets(
            seed: try await WalletSecrets.mnemonic(in: harness.secureStore, given: nil, mustExist: true).0.seed()
        ).lockingKeys(.quote)
        #expect(first.pubkey == (try keys.key(at: 0).publicKey))
        #expect(second.pubkey == (try keys.key(at: 1).publicKey))
        // The twin's own next quote does not reuse a key the first wallet used once it learned of them.
        _ = try await restored.importMintQuote(second.id, mint: harness.mint.url)
        let third = try await restored.requestMintQuote(amount: 10, mint: harness.mint.url)
        #expect(third.pubkey == (try keys.key(at: 2).publicKey))
    }

    @Test("a paid, unminted locked quote is minted by the restored wallet, knowing only its id")
    func restoredWalletMintsALockedQuote() async throws {
        let (harness, restored) = try await twins()
        let quote = try await harness.wallet.requestMintQuote(amount: 64, mint: harness.mint.url)
        #expect(quote.pubkey != nil)
        harness.mint.payMintQuote(quote.id)
        harness.mint.quoteSignatureSchemes = [.hardened]
        let imported = try await restored.importMintQuote(quote.id, mint: harness.mint.url)
        #expect(imported.pubkey == quote.pubkey && imported.amount == 64)
        let minted = try await restored.mint(quoteID: quote.id)
        #expect(minted.amount == 64)
        #expect(try await restored.balance() == 64)
    }

    @Test("a quote locked to a key of another seed is refused at import")
    func foreignLockedQuoteRefused() async throws {
        let (harness, _) = try await twins()
        let stranger = try await EngineHarness.make(mint: harness.mint)
        let quote = try await stranger.wallet.requestMintQuote(amount: 8, mint: harness.mint.url)
        let error = await harness.error { try await harness.wallet.importMintQuote(quote.id, mint: harness.mint.url) }
        #expect(error?.code == .secureStore)
    }

    @Test("a token locked to the wallet's receiving key is claimed by the restored wallet")
    func restoredWalletClaimsALockedToken() async throws {
        let (harness, restored) = try await twins()
        let receivingKey = try await harness.wallet.newReceivingKey()
        let payer = try await EngineHarness.make(amount: 100, mint: harness.mint)
        let sent = try await payer.wallet.send(
            amount: 21, mint: harness.mint.url, options: SendOptions(lock: .p2pk(key: receivingKey)))
        let received = try await restored.receive(token: sent.token)
        #expect(received.amount + received.fee == 21)
        #expect(try await restored.balance() == received.amount)
    }

    @Test("a damaged key counter in the store is refused, never read as 0 (a used key handed out again)")
    func damagedCounterRefused() async throws {
        let harness = try await EngineHarness.make()
        for damaged in ["not a number", "4294967295", "-1"] {
            try await harness.store.write { tx in
                try tx.setMetadata(Wallet.lockingCounterKey(.quote), damaged)
            }
            let error = await harness.error {
                try await harness.wallet.requestMintQuote(amount: 10, mint: harness.mint.url)
            }
            #expect(error?.code == .storage, "\(damaged)")
        }
    }
}
