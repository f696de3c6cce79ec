// Tests of Wallet/Operations/Wallet+Send.swift and +Receive.swift with NUT-11 P2PK and NUT-14 HTLC locks, against a
// real mint: only the key holder (or the preimage holder) can receive.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet locked sends", .serialized, .timeLimit(.minutes(5)))
struct WalletLockedSendTests {
    @Test func p2pkLockedTokenNeedsTheKey() async throws {
        let mint = try await TestMint.shared
        let alice = try await TestWallet.open()
        let bob = try await TestWallet.open()
        let eve = try await TestWallet.open()
        defer { alice.remove(); bob.remove(); eve.remove() }
        try await alice.fund(200, at: mint)
        for wallet in [bob, eve] { try await wallet.wallet.addMint(mint.url) }

        // Bob's key lives in his secure store, where receive looks for it.
        let key = Scalar.random()
        try await bob.secureStore.save(SecureBytes(key.exposedSecretBytes), key: SecureStoreKey.p2pkKey(key.publicKey))
        let sent = try await alice.wallet.send(
            amount: 64, mint: mint.url, options: SendOptions(lock: .p2pk(key: key.publicKey)))
        #expect(sent.swapped)
        #expect(sent.token.proofs.allSatisfy { $0.secret.contains("P2PK") })
        let encoded = try sent.token.serialized(as: .v4)

        await #expect { try await eve.wallet.receive(encoded) } throws: { error in
            let code = (error as? WalletError)?.code
            return code == .invalidInput || code == .mintRefused
        }
        #expect(try await eve.wallet.balance() == 0)
        let received = try await bob.wallet.receive(encoded)
        #expect(received.amount == 64 - received.fee)
        #expect(try await bob.balanceConfirmedByMint(mint) == received.amount)
    }

    @Test func htlcLockedTokenNeedsThePreimage() async throws {
        let mint = try await TestMint.shared
        let alice = try await TestWallet.open()
        let bob = try await TestWallet.open()
        defer { alice.remove(); bob.remove() }
        try await alice.fund(100, at: mint)
        try await bob.wallet.addMint(mint.url)
        let preimage = HTLCPreimage.random()
        let sent = try await alice.wallet.send(
            amount: 32, mint: mint.url, options: SendOptions(lock: .htlc(hashLock: preimage.hashLock)))
        let encoded = try sent.token.serialized(as: .v4)

        await #expect { try await bob.wallet.receive(encoded) } throws: { error in
            let code = (error as? WalletError)?.code
            return code == .invalidInput || code == .mintRefused
        }
        #expect(try await bob.wallet.proofs(statuses: [.reserved, .pending]).isEmpty)
        let received = try await bob.wallet.receive(encoded, options: ReceiveOptions(preimage: preimage))
        #expect(received.amount == 32 - received.fee)
        #expect(try await bob.balanceConfirmedByMint(mint) == received.amount)
    }
}
