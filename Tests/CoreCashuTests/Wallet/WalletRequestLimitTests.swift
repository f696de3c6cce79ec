// A real Nutshell mint started with a small MINT_MAX_REQUEST_LENGTH (advertised as NUT-06 `max_array_length`):
// minting, sending, checking and restoring many proofs all keep within it.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
import CoreCashu

@Suite("Wallet against a mint with a small request limit", .serialized, .timeLimit(.minutes(5)))
struct WalletRequestLimitTests {
    @Test func everyArrayKeepsWithinTheMintsLimit() async throws {
        let mint = try await TestMint.smallRequests
        let mnemonic = Mnemonic()
        let wallet = try await TestWallet.open(
            mnemonic: mnemonic, options: WalletOptions(targetProofsPerDenomination: 16))
        defer { wallet.remove() }
        for _ in 0..<6 { try await wallet.fund(250, at: mint) }
        #expect(try await wallet.wallet.capabilities(of: mint.url).maxArrayLength == 16)
        let minted = try await wallet.wallet.proofs(mint: mint.url)
        #expect(minted.count > 32)
        #expect(await wallet.wallet.requestLimit(mint.url) == 16)

        // Checkstate of every proof: several requests, none refused.
        let states = try await wallet.wallet.proofStates(mint.url, Ys: minted.map(\.Y))
        #expect(states.values.allSatisfy { $0 == .unspent })
        #expect(states.count == minted.count)

        let sent = try await wallet.wallet.send(amount: 700, mint: mint.url, options: SendOptions(preferOffline: false))
        #expect(try sent.token.totalAmount() == 700)
        let kept = try await wallet.wallet.balance()
        #expect(kept + 700 + sent.fee == 1500)

        // A new wallet with the same phrase: restore in batches of at most 16 outputs finds everything unspent.
        let restored = try await TestWallet.open(mnemonic: mnemonic)
        defer { restored.remove() }
        try await restored.wallet.addMint(mint.url)
        let result = try await restored.wallet.restore(mint: mint.url)
        #expect(result.amount == kept + 700)
        #expect(try await restored.balanceConfirmedByMint(mint) == kept + 700)
    }
}
