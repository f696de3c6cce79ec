// Interop with Nutshell's own wallet (the `cashu` CLI): tokens go both ways through a real mint, V4 and V3.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

/// Nutshell's wallet and ours exchange tokens through the shared test mint (input fee 100 ppk), and both sides'
/// balances must come out right to the sat: ours from the store and NUT-07, Nutshell's from its CLI, its database
/// and NUT-07. Each test runs about six CLI commands (~1 s each).
@Suite("Wallet interop with Nutshell's wallet", .timeLimit(.minutes(3)))
struct WalletNutshellInteropTests {
    /// The fee the mint charges to spend `proofs` inputs of its active keyset (NUT-02).
    static func fee(_ proofs: Int, at mint: TestMint) async throws -> UInt64 {
        let ppk = try await mint.activeKeyset().inputFeePPK ?? 0
        return try InputFees.fee(ppkPerInput: Array(repeating: ppk, count: proofs))
    }

    @Test func tokensSentByNutshellAreReceived() async throws {
        let mint = try await TestMint.shared
        let nutshell = try NutshellCLI(mint: mint)
        let ours = try await TestWallet.open()
        defer { nutshell.remove(); ours.remove() }

        try await nutshell.mint(100)
        let v4 = try await nutshell.send(13)  // V4 with short keyset ids, no DLEQ
        let v3 = try await nutshell.send(21, "--legacy", "--dleq")  // V3 with NUT-12 DLEQ proofs
        #expect(v4.hasPrefix("cashuB"), "cashu send printed \(v4.prefix(12))…")
        #expect(v3.hasPrefix("cashuA"), "cashu send --legacy printed \(v3.prefix(12))…")

        try await ours.wallet.addMint(mint.url)
        var credited: UInt64 = 0
        var sentSecrets = Set<String>()
        for (text, amount) in [(v4, UInt64(13)), (v3, UInt64(21))] {
            let token = try Token.decode(text)
            #expect(try token.totalAmount() == amount)
            sentSecrets.formUnion(token.proofs.map(\.secret))
            let fee = try await Self.fee(token.proofCount, at: mint)
            let received = try await ours.wallet.receive(text)
            #expect(received.fee == fee)
            #expect(received.amount + fee == amount)
            credited += received.amount
        }
        #expect(try await ours.wallet.balance() == credited)
        #expect(try await ours.balanceConfirmedByMint(mint) == credited)

        // Nutshell: what it reports = its unreserved proofs = what the mint says is unspent; what it reserved for
        // the two tokens is exactly their proofs, now spent by our receive.
        let reported = try await nutshell.balance()
        let stored = try nutshell.storedProofs()
        let available = stored.filter { !$0.reserved }
        let reserved = stored.filter(\.reserved)
        let availableSum = available.reduce(0) { $0 + $1.amount }
        #expect(reported == availableSum)
        let checked = try await nutshell.checkedAtMint(available)
        #expect(checked.unspent == availableSum && checked.spentCount == 0)
        #expect(Set(reserved.map(\.secret)) == sentSecrets)
        #expect(try await nutshell.checkedAtMint(reserved).spentCount == reserved.count)
        // 100 minted = kept + sent + Nutshell's own swap fees (at most one swap per send, each ≤ 2 sat here).
        try #require(availableSum + 13 + 21 <= 100, "Nutshell kept \(availableSum) of 100 after sending 34")
        #expect(100 - availableSum - 13 - 21 <= 4, "Nutshell kept \(availableSum) of 100 after sending 34")
    }

    @Test func tokensSentByUsAreReceivedByNutshell() async throws {
        let mint = try await TestMint.shared
        let ours = try await TestWallet.open()
        let nutshell = try NutshellCLI(mint: mint)
        defer { nutshell.remove(); ours.remove() }

        try await ours.fund(200, at: mint)
        let v4 = try await ours.wallet.send(amount: 50, mint: mint.url, options: SendOptions(includeFees: true))
        let v3 = try await ours.wallet.send(amount: 30, mint: mint.url)
        let kept = 200 - v4.amount - v4.fee - v3.amount - v3.fee
        #expect(try await ours.wallet.balance() == kept)
        #expect(try await ours.balanceConfirmedByMint(mint) == kept)

        // Our tokens carry DLEQ proofs (the default), which Nutshell verifies.
        let v4Fee = try await Self.fee(v4.token.proofCount, at: mint)
        let v3Fee = try await Self.fee(v3.token.proofCount, at: mint)
        #expect(v4.amount == 50 + v4Fee, "includeFees adds the receiver's fee")
        #expect(try await nutshell.receive(try v4.token.serialized(as: .v4)) == 50)
        #expect(try await nutshell.receive(try v3.token.serialized(as: .v3)) == 30 - v3Fee)

        let expected = 50 + 30 - v3Fee
        #expect(try await nutshell.balance() == expected)
        let stored = try nutshell.storedProofs()
        #expect(stored.allSatisfy { !$0.reserved })
        #expect(stored.reduce(0) { $0 + $1.amount } == expected)
        let checked = try await nutshell.checkedAtMint(stored)
        #expect(checked.unspent == expected && checked.spentCount == 0)

        // Our side: both sends claimed, nothing else moved.
        let report = try await ours.wallet.check()
        #expect(Set(report.claimed) == [v4.operationID, v3.operationID])
        #expect(try await ours.wallet.pendingSends().isEmpty)
        #expect(try await ours.wallet.balance() == kept)
        #expect(try await ours.balanceConfirmedByMint(mint) == kept)
    }
}
