// Engine tests: quotes an address service (npub.cash) asked for on the wallet's behalf, locked to its NIP-06 Nostr
// identity, recorded with their key before anything is minted, then minted once through the journaled mint path.

import CashuEngineTestSupport
import Testing

@testable import CashuEngine

@Suite("Wallet engine: quotes recorded for an address service")
struct WalletExternalQuotesEngineTests {
    /// A paid quote of `amount` the "service" asked the mint for, locked to the wallet's identity.
    private func servicePaidQuote(_ harness: EngineHarness, amount: UInt64) async throws -> StoredMintQuote {
        let identity = try #require(harness.wallet.nostrIdentityKey)
        let answer = try await harness.mint.connector().mintQuote(
            MintQuoteBolt11Request(amount: amount, unit: .sat, description: nil, pubkey: identity.lockingPublicKey))
        harness.mint.payMintQuote(answer.quote)
        return StoredMintQuote(
            id: answer.quote, mintURL: harness.mint.url, unit: .sat, amount: amount, request: answer.request,
            state: .paid, pubkey: identity.lockingPublicKey)
    }

    @Test("recorded with the cursor in one write, minted once with the identity's NUT-20 signature")
    func recordThenMint() async throws {
        let harness = try await EngineHarness.make()
        let identity = try #require(harness.wallet.nostrIdentityKey)
        let quotes = [try await servicePaidQuote(harness, amount: 21), try await servicePaidQuote(harness, amount: 34)]
        let recorded = try await harness.wallet.recordExternalMintQuotes(
            quotes, key: identity.privateKey, metadata: ["npubcash.since.test": "100"])
        #expect(Set(recorded) == Set(quotes.map(\.id)))
        #expect(try await harness.wallet.metadataValue("npubcash.since.test") == "100")
        // Listed again: nothing new.
        #expect(try await harness.wallet.recordExternalMintQuotes(quotes, key: identity.privateKey).isEmpty)
        let minted = try await harness.wallet.mintPaidQuotes(mint: harness.mint.url)
        #expect(minted.reduce(0) { $0 + $1.amount } == 55)
        #expect(try await harness.balance() == 55)
        #expect(try await harness.wallet.mintQuotes().allSatisfy { $0.state == .issued })
        // Recorded again once issued: left issued, and nothing more is minted.
        #expect(try await harness.wallet.recordExternalMintQuotes(quotes, key: identity.privateKey).isEmpty)
        #expect(try await harness.wallet.mintPaidQuotes(mint: harness.mint.url).isEmpty)
        #expect(try await harness.balance() == 55)
    }

    @Test("a quote at a mint the wallet does not hold, or locked without a key, is refused and nothing is stored")
    func refused() async throws {
        let harness = try await EngineHarness.make()
        let identity = try #require(harness.wallet.nostrIdentityKey)
        var quote = try await servicePaidQuote(harness, amount: 8)
        let noKey = await harness.error { try await harness.wallet.recordExternalMintQuotes([quote], key: nil) }
        #expect(noKey?.code == .secureStore)
        quote.mintURL = try MintURL("https://elsewhere.example")
        let unknown = await harness.error {
            try await harness.wallet.recordExternalMintQuotes([quote], key: identity.privateKey)
        }
        #expect(unknown?.code == .unknownMint)
        #expect(try await harness.wallet.mintQuotes().isEmpty)
    }
}
