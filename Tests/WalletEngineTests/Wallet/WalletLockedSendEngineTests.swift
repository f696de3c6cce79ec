// Engine tests: NUT-28 pay-to-blinded-key sends and receives, and a locked send taken back with the sender's refund
// key once its locktime passed (NUT-11), against a scripted mint that checks every signature.

import CashuEngineTestSupport
import Foundation
@testable import CashuEngine
import Testing

@Suite("Wallet engine: blinded locks and refunds")
struct WalletLockedSendEngineTests {
    /// A funded sender and an empty receiver at one mint.
    private func pair(amount: UInt64 = 128) async throws -> (sender: EngineHarness, receiver: Wallet) {
        let sender = try await EngineHarness.make(amount: amount)
        let receiver = try await ScriptedWallet.open(mints: [sender.mint])
        try await receiver.addMint(sender.mint.url)
        return (sender, receiver)
    }

    private var past: UInt64 { UInt64(Date().timeIntervalSince1970) - 60 }
    private var future: UInt64 { UInt64(Date().timeIntervalSince1970) + 3600 }

    @Test("a P2BK token hides the receiver's key (each proof its own E) and the receiver claims it")
    func blindedSendReceived() async throws {
        let (sender, receiver) = try await pair()
        let key = try await receiver.newReceivingKey()
        let sent = try await sender.wallet.send(
            amount: 20, mint: sender.mint.url, options: SendOptions(lock: .p2bk(key: key)))
        let proofs = sent.token.proofs
        #expect(proofs.allSatisfy { $0.p2pkE != nil })
        #expect(Set(proofs.compactMap(\.p2pkE)).count == proofs.count)
        #expect(proofs.allSatisfy { !$0.secret.contains(key.hex) && !$0.secret.contains(Hex.encode(key.xOnly)) })
        let received = try await receiver.receive(try sent.token.serialized(as: .v4))
        #expect(received.amount + received.fee == 20)
        // The mint saw no p2pk_e: it verified the blinded keys' signatures as plain P2PK.
        #expect(try await sender.wallet.check().claimed.contains(sent.operationID))
    }

    @Test("under SIG_ALL every proof shares one E, and the receiver's SIG_ALL signature satisfies the mint")
    func blindedSigAll() async throws {
        let (sender, receiver) = try await pair()
        let key = try await receiver.newReceivingKey()
        let options = SendOptions(lock: .p2bk(key: key, options: LockOptions(sigFlag: .sigAll)))
        let sent = try await sender.wallet.send(amount: 21, mint: sender.mint.url, options: options)
        #expect(Set(sent.token.proofs.compactMap(\.p2pkE)).count == 1)
        let received = try await receiver.receive(try sent.token.serialized(as: .v4))
        #expect(received.amount + received.fee == 21)
    }

    @Test("a P2BK token for someone else is refused, and the proofs stay with the token")
    func blindedForOthersRefused() async throws {
        let (sender, receiver) = try await pair()
        let stranger = Scalar.random().publicKey
        let sent = try await sender.wallet.send(
            amount: 8, mint: sender.mint.url, options: SendOptions(lock: .p2bk(key: stranger)))
        await #expect(throws: WalletError.self) { try await receiver.receive(try sent.token.serialized(as: .v4)) }
        #expect(try await receiver.balance() == 0)
    }

    @Test("after the locktime, the sender's refund key takes back an unclaimed locked send")
    func refundAfterLocktime() async throws {
        let (sender, _) = try await pair()
        let refund = try await sender.wallet.newReceivingKey()
        let stranger = Scalar.random().publicKey
        for lock in [
            SendOptions.Lock.p2pk(key: stranger, options: LockOptions(locktime: past, refundKeys: [refund])),
            .p2bk(key: stranger, options: LockOptions(locktime: past, refundKeys: [refund])),
            .p2pk(key: stranger, options: LockOptions(locktime: past, refundKeys: [refund], sigFlag: .sigAll)),
        ] {
            let before = try await sender.balance()
            let sent = try await sender.wallet.send(amount: 16, mint: sender.mint.url, options: SendOptions(lock: lock))
            let back = try await sender.wallet.reclaim(sent.operationID)
            #expect(back.amount + back.fee == 16, "\(lock)")
            #expect(try await sender.balance() + sent.fee + back.fee == before, "\(lock)")
        }
    }

    @Test("before the locktime a locked send cannot be taken back; nothing is asked of the mint's swap")
    func noRefundBeforeLocktime() async throws {
        let (sender, _) = try await pair()
        let refund = try await sender.wallet.newReceivingKey()
        let lock = SendOptions.Lock.p2pk(
            key: Scalar.random().publicKey, options: LockOptions(locktime: future, refundKeys: [refund]))
        let sent = try await sender.wallet.send(amount: 16, mint: sender.mint.url, options: SendOptions(lock: lock))
        let swaps = sender.mint.count(.swap)
        let error = await sender.error { try await sender.wallet.reclaim(sent.operationID) }
        #expect(error?.code == .invalidInput)
        #expect(error?.reason.contains("until") == true)
        #expect(sender.mint.count(.swap) == swaps)
        #expect(try await sender.wallet.pendingSends().map(\.operationID).contains(sent.operationID))
    }
}
