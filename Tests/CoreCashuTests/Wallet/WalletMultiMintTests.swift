// Tests of Wallet/ holding several mints and units at once: balances per mint and unit, sends and receives that
// keep them apart, and mint removal refused while funds remain.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet with several mints and units", .serialized, .timeLimit(.minutes(5)))
struct WalletMultiMintTests {
    @Test func mintsAndUnitsStayApart() async throws {
        let dual = try await TestMint.start(environment: [
            "MINT_BACKEND_BOLT11_USD": "FakeWallet", "MINT_DERIVATION_PATH_LIST": "[\"m/0'/2'/0'\"]",
        ])
        defer { Task { await dual.stop() } }
        let other = try await TestMint.shared
        let wallet = try await TestWallet.open()
        defer { wallet.remove() }

        try await wallet.fund(200, at: dual)
        let usdQuote = try await wallet.wallet.requestMintQuote(amount: 150, mint: dual.url, unit: "usd")
        _ = try await wallet.wallet.waitForMintQuote(usdQuote.id, timeout: .seconds(20))
        _ = try await wallet.wallet.mint(quoteID: usdQuote.id)
        try await wallet.fund(300, at: other)

        #expect(try await wallet.wallet.balance() == 650)
        #expect(try await wallet.wallet.balance(mint: dual.url, unit: .sat) == 200)
        #expect(try await wallet.wallet.balance(mint: dual.url, unit: "usd") == 150)
        #expect(try await wallet.wallet.balance(mint: other.url) == 300)

        let usdToken = try await wallet.wallet.send(amount: 50, mint: dual.url, unit: "usd").token
        #expect(usdToken.unit == "usd")
        #expect(try await wallet.wallet.balance(mint: dual.url, unit: .sat) == 200)
        let receiver = try await TestWallet.open()
        defer { receiver.remove() }
        let received = try await receiver.wallet.receive(
            try usdToken.serialized(as: .v4), options: ReceiveOptions(addUnknownMint: true))
        #expect(try await receiver.wallet.balance(mint: dual.url, unit: "usd") == received.amount)
        #expect(try await receiver.wallet.balance(mint: dual.url, unit: .sat) == 0)

        // A mint that still holds funds cannot be removed; an empty one can.
        await #expect { try await wallet.wallet.removeMint(other.url) } throws: {
            ($0 as? WalletError)?.code == .invalidInput
        }
        let empty = try MintURL(other.url.rawValue + "/")  // normalised to the same mint
        #expect(empty == other.url)
        try await receiver.wallet.addMint(other.url)
        try await receiver.wallet.removeMint(other.url)
        #expect(try await receiver.wallet.mints().map(\.url) == [dual.url])
    }
}
