// Interop of locked tokens with Nutshell's own wallet through a real mint: P2PK with locktimes and refund keys both
// ways, SIG_ALL, NUT-28 blinded keys both ways, and a locked send of ours taken back with our refund key.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Locked tokens with Nutshell's wallet", .timeLimit(.minutes(4)))
struct WalletLockInteropTests {
    /// Nutshell's receiving key (`cashu lock p2pk` prints `P2PK:<hex>`).
    static func nutshellKey(_ nutshell: NutshellCLI) async throws -> Point {
        let printed = try await nutshell.run("lock", "p2pk")
        guard let range = printed.range(of: "P2PK:") else {
            throw NutshellCLI.Failure(description: "cashu lock p2pk printed no lock:\n\(printed)")
        }
        let hex = printed[range.upperBound...].prefix { $0.isHexDigit }
        return try Point(hex: String(hex))
    }

    private static var past: UInt64 { UInt64(Date().timeIntervalSince1970) - 60 }

    @Test("Nutshell locks to our key with a locktime and its refund key; we claim it (P2PK, SIG_ALL, P2BK)")
    func nutshellLocksToUs() async throws {
        let mint = try await TestMint.shared
        let nutshell = try NutshellCLI(mint: mint)
        let ours = try await TestWallet.open()
        defer { nutshell.remove(); ours.remove() }
        try await nutshell.mint(200)
        try await ours.wallet.addMint(mint.url)
        let refund = try await Self.nutshellKey(nutshell)
        let key = try await ours.wallet.newReceivingKey()
        var credited: UInt64 = 0
        for lock in ["P2PK", "P2PK-SIGALL", "P2BK"] {
            let token = try await nutshell.send(
                16, "--lock", "\(lock):\(key.hex)", "--timelock", "3600", "--refund", refund.hex)
            let decoded = try Token.decode(token)
            let conditions = try #require(try SpendingConditions.parse(secret: decoded.proofs[0].secret))
            #expect(conditions.locktime != nil && conditions.refund != nil, "\(lock)")
            #expect(decoded.proofs.allSatisfy { ($0.p2pkE != nil) == (lock == "P2BK") }, "\(lock)")
            let received = try await ours.wallet.receive(token)
            #expect(received.amount + received.fee == 16, "\(lock)")
            credited += received.amount
        }
        #expect(try await ours.balanceConfirmedByMint(mint) == credited)
    }

    @Test("ours, locked to a stranger with a passed locktime and Nutshell's refund key, is claimed by Nutshell")
    func nutshellClaimsByRefund() async throws {
        let mint = try await TestMint.shared
        let nutshell = try NutshellCLI(mint: mint)
        let ours = try await TestWallet.open()
        defer { nutshell.remove(); ours.remove() }
        try await ours.fund(100, at: mint)
        let refund = try await Self.nutshellKey(nutshell)
        let lock = SendOptions.Lock.p2pk(
            key: Scalar.random().publicKey, options: LockOptions(locktime: Self.past, refundKeys: [refund]))
        let sent = try await ours.wallet.send(amount: 32, mint: mint.url, options: SendOptions(lock: lock))
        let received = try await nutshell.receive(try sent.token.serialized(as: .v4))
        #expect(received <= 32 && received >= 30)
        #expect(try await ours.wallet.check().claimed.contains(sent.operationID))
    }

    @Test("we lock to Nutshell's key, plain and blinded (P2BK); Nutshell claims both")
    func nutshellClaimsOurs() async throws {
        let mint = try await TestMint.shared
        let nutshell = try NutshellCLI(mint: mint)
        let ours = try await TestWallet.open()
        defer { nutshell.remove(); ours.remove() }
        try await ours.fund(100, at: mint)
        let key = try await Self.nutshellKey(nutshell)
        for lock in [SendOptions.Lock.p2pk(key: key), .p2bk(key: key)] {
            let sent = try await ours.wallet.send(amount: 16, mint: mint.url, options: SendOptions(lock: lock))
            let received = try await nutshell.receive(try sent.token.serialized(as: .v4))
            #expect(received <= 16 && received >= 14, "\(lock)")
        }
    }

    @Test("after its locktime our refund key takes back our unclaimed locked send, plain and blinded")
    func refundTakesItBack() async throws {
        let mint = try await TestMint.shared
        let ours = try await TestWallet.open()
        defer { ours.remove() }
        try await ours.fund(100, at: mint)
        let refund = try await ours.wallet.newReceivingKey()
        for lock in [
            SendOptions.Lock.p2pk(
                key: Scalar.random().publicKey, options: LockOptions(locktime: Self.past, refundKeys: [refund])),
            .p2bk(key: Scalar.random().publicKey, options: LockOptions(locktime: Self.past, refundKeys: [refund])),
        ] {
            let sent = try await ours.wallet.send(amount: 16, mint: mint.url, options: SendOptions(lock: lock))
            let back = try await ours.wallet.reclaim(sent.operationID)
            #expect(back.amount + back.fee == 16, "\(lock)")
        }
        #expect(try await ours.balanceConfirmedByMint(mint) == (try await ours.wallet.balance()))
    }
}
