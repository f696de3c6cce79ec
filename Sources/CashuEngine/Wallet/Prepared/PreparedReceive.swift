// Wallet: a token inspected before it is received — what it holds, what receiving it costs, what it needs.

import Foundation

/// A token looked at before it is received (``Wallet/prepareReceive(_:options:)``): per mint, what it is worth, the
/// fee its swap costs, the lock it carries and whether the wallet can open it, whether the mint is known and
/// reachable, and whether the mint already saw it spent. ``confirm()`` receives it; nothing of the wallet is held.
public struct PreparedReceive: Sendable {
    /// One mint's part of the token (a front end reads the sums: ``amount``, ``fee``, ``canReceive``,
    /// ``mintUnreachable``).
    package struct Entry: Sendable, Hashable {
        /// The mint.
        package var mint: MintURL
        /// What the proofs are worth.
        package var amount: UInt64
        /// The input fee of the swap(s) receiving them (`nil` for a mint the wallet does not know yet).
        package var fee: UInt64?
        /// In how many swaps they are received (a mint's request limit can split a large token).
        package var parts: Int
        /// Whether the wallet has the mint (otherwise it must be added, or ``ReceiveOptions/addUnknownMint`` set).
        package var mintKnown: Bool
        /// Whether the mint answered just now (`nil` when it was not asked: an unknown mint).
        package var mintReachable: Bool?
        /// The NUT-10 lock on the proofs, if any.
        package var lock: TokenLock
        /// Whether the wallet holds what the lock needs (keys, preimage); true for unlocked proofs.
        package var spendable: Bool
        /// Whether the mint says some of the proofs are spent already (`nil` when it was not asked).
        package var alreadySpent: Bool?

        /// What the wallet gets: ``amount`` less ``fee`` (`nil` while the fee is unknown).
        package var received: UInt64? { fee.map { amount > $0 ? amount - $0 : 0 } }
    }

    /// The lock a token's proofs carry.
    package enum TokenLock: String, Sendable, Hashable {
        /// None: anyone holding the token can receive it.
        case none
        /// NUT-11 P2PK (and NUT-28 P2BK).
        case p2pk
        /// NUT-14 HTLC.
        case htlc
    }

    /// The token.
    public let token: Token
    /// Its unit.
    public let unit: CurrencyUnit
    /// Its parts, one per mint.
    package let entries: [Entry]
    /// The token's memo.
    public var memo: String? { token.memo }
    /// What the token is worth.
    public var amount: UInt64 { entries.reduce(0) { $0 &+ $1.amount } }
    /// The fees of receiving it (`nil` while one is unknown).
    public var fee: UInt64? {
        entries.reduce(UInt64(0) as UInt64?) { sum, entry in sum.flatMap { s in entry.fee.map { s &+ $0 } } }
    }
    /// Whether a mint of the token could not be reached: receiving now would fail, and nothing was sent. The
    /// offline queue can keep the token until the mint is back (`OfflineQueue.receiveOrQueue(_:addUnknownMint:)`).
    public var mintUnreachable: Bool { entries.contains { $0.mintReachable == false } }

    /// Whether receiving can go on now: every mint known (or to be added), reachable, the locks open, nothing spent.
    public var canReceive: Bool {
        entries.allSatisfy { entry in
            (entry.mintKnown || options.addUnknownMint) && entry.mintReachable != false && entry.spendable
                && entry.alreadySpent != true
        }
    }

    let wallet: Wallet
    let options: ReceiveOptions

    /// Receives the token (`Wallet/receive(token:options:)` with the options it was prepared with).
    public func confirm() async throws(WalletError) -> ReceiveResult {
        try await wallet.receive(token: token, options: options)
    }
}
