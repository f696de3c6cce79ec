// A real Nutshell mint: a token with more proofs than the mint takes in one request (NUT-06 `max_array_length`) is
// received in several swaps — 2,500 one-sat proofs minted by Nutshell's own wallet, and a SIGKILL at every step of a
// split receive against a mint that takes 16, recovered to the sat.

import CashuTestSupport
import Foundation
import Testing

@_spi(Testing) @testable import CashuEngine
import CoreCashu

@Suite("Wallet: receive split into several swaps", .serialized, .timeLimit(.minutes(10)))
struct WalletSplitReceiveTests {
    @Test("a token of 2,500 one-sat proofs from Nutshell's wallet arrives whole, in three swaps")
    func nutshellTokenOf2500Proofs() async throws {
        let mint = try await TestMint.shared
        let nutshell = try NutshellCLI(mint: mint)
        let ours = try await TestWallet.open()
        defer { nutshell.remove(); ours.remove() }
        // The mint signs at most 1,000 outputs a request (Nutshell's default MINT_MAX_REQUEST_LENGTH).
        for amount: UInt64 in [800, 800, 900] { try await nutshell.mint(amount, split: 1) }
        // Nutshell's `send` cannot select 2,500 proofs (its coin selection recurses past Python's limit).
        let token = try nutshell.tokenOfEveryProof()
        #expect(try TokenDecoder.decode(token).proofs.count == 2500)
        let result = try await ours.wallet.receive(token, options: ReceiveOptions(addUnknownMint: true))
        #expect(result.operationIDs.count == 3)
        #expect(result.amount + result.fee == 2500)
        #expect(try await ours.balanceConfirmedByMint(mint) == result.amount)
        let lines = try await ours.wallet.history().filter { $0.kind == .receive }
        #expect(lines.count == 1)
        #expect(lines.first?.amount == result.amount && lines.first?.fee == result.fee && lines.first?.state == .done)
    }

    /// The points of a three-part receive where a kill leaves something different on disk: before the journal, every
    /// part journaled and none sent, the first part signed but not stored, stored with the others unsent, two of
    /// three stored, and the last part signed but not stored.
    static let killPoints = ["planned", "journaled", "answered@1", "settled@1", "settled@2", "answered@3"]

    @Test(arguments: killPoints)
    func receiveKilled(at point: String) async throws {
        let mint = try await TestMint.smallRequests
        let sender = try NutshellCLI(mint: mint)
        let receiver = try await TestWallet.open()
        defer { sender.remove(); receiver.remove() }
        // 45 one-sat proofs from Nutshell's wallet (minted 15 at a time), as one token: three swaps at a limit of 16.
        for _ in 0..<3 { try await sender.mint(15, split: 1) }
        let token = try await sender.send(45, "--offline")
        let total: UInt64 = 45
        #expect(try TokenDecoder.decode(token).proofs.count > 2 * TestMint.smallRequestLimit)
        let parts = point.split(separator: "@")
        let run = try await WalletProbeRunner.run(
            directory: receiver.directory, mint: mint.url, "receive", token,
            killAt: "\(parts[0]):receive" + (parts.count > 1 ? "@\(parts[1])" : ""))
        #expect(run.killed, "\(run)")
        let reopened = try await TestWallet.open(directory: receiver.directory)
        if point == "planned" {
            // Killed before the journal: nothing happened, and the token is still good.
            #expect(try await WalletCrashTests.assertConsistent(reopened, mint: mint) == 0)
            _ = try await reopened.wallet.receive(token)
        }
        let balance = try await WalletCrashTests.assertConsistent(reopened, mint: mint)
        #expect(balance + (try await WalletCrashTests.fees(reopened)) == total)
        let lines = try await reopened.wallet.history().filter { $0.kind == .receive && $0.state != .failed }
        #expect(lines.count == 1)
        #expect(lines.first?.state == .done && lines.first?.amount == balance)
    }
}
