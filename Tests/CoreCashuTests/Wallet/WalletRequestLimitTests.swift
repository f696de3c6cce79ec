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

extension WalletRequestLimitTests {
    @Test("a send and a melt needing more inputs than one request merge small proofs first")
    func consolidatesBeforeSendAndMelt() async throws {
        let mint = try await TestMint.smallRequests
        let nutshell = try NutshellCLI(mint: mint)
        let wallet = try await TestWallet.open()
        defer { nutshell.remove(); wallet.remove() }
        try await wallet.wallet.addMint(mint.url)
        // 60 one-sat proofs minted by Nutshell's wallet, put straight into ours (a wallet that received dust).
        for _ in 0..<4 { try await nutshell.mint(15, split: 1) }
        let proofs = try TokenDecoder.decode(try nutshell.tokenOfEveryProof()).proofs.map { proof in
            try StoredProof(proof: proof, mintURL: mint.url, unit: .sat)
        }
        _ = try await wallet.wallet.write { tx in try tx.addProofs(proofs) }

        let sent = try await wallet.wallet.send(amount: 30, mint: mint.url, options: SendOptions(preferOffline: false))
        #expect(try sent.token.totalAmount() == 30)
        let merges = try await wallet.wallet.history().filter { $0.kind == .swap && $0.state == .done }
        #expect(!merges.isEmpty)
        let invoice = try await TestMint.externalInvoice(amount: 10)
        let quote = try await wallet.wallet.meltQuote(request: invoice, mint: mint.url)
        let paid = try await wallet.wallet.melt(quoteID: quote.id)
        #expect(paid.state == .paid)
        let fees = try await wallet.wallet.history().filter { $0.state != .failed && $0.kind != .melt }
            .reduce(0) { $0 + $1.fee }
        let balance = try await wallet.balanceConfirmedByMint(mint)
        #expect(balance + 30 + 10 + paid.fee + fees == 60)
    }
}
