// Wallet: a send prepared for a front end to show and confirm — its figures and the proofs it holds.

import Foundation

/// A send that holds its proofs and states what it costs, until ``confirm()`` makes the token or ``cancel()``
/// releases them (``Wallet/prepareSend(amount:mint:unit:options:holdFor:)``).
///
/// Not confirmed by ``expiresAt`` it releases by itself; a process that ends before confirming leaves it to the next
/// start's recovery, which releases it. The figures are what ``confirm()`` spends, to the sat.
public struct PreparedSend: Sendable {
    /// The operation's id: the send's, once confirmed (its history line and events carry it).
    public let operationID: OperationID
    /// The mint.
    public let mint: MintURL
    /// The unit.
    public let unit: CurrencyUnit
    /// What the token will be worth (with `includeFees`, the receiver's fee is in it).
    public let amount: UInt64
    /// The input fee the wallet pays for the swap that makes the token (0 when exact proofs are handed over).
    public let fee: UInt64
    /// What the receiver pays to swap the token (NUT-02), out of ``amount``.
    public let receiverFee: UInt64
    /// Whether the token is made by a swap (otherwise the held proofs are the token).
    public let swaps: Bool
    /// What the held proofs are worth (``amount`` + ``fee`` + the change that comes back).
    public let reserved: UInt64
    /// When the hold lapses.
    public let expiresAt: Date

    let wallet: Wallet
    let options: SendOptions
    /// The token's denominations when it is made by a swap; `nil` when the held proofs are the token.
    let sendAmounts: [UInt64]?

    /// What leaves the balance for good: the token and the wallet's own fee.
    public var total: UInt64 { amount + fee }

    /// Makes the token: the held proofs are swapped (or handed over as they are).
    /// - Throws: ``WalletError``: `expired` when the hold lapsed or was cancelled (nothing spent); otherwise as
    ///   `Wallet/send(amount:mint:unit:options:)`.
    /// - Returns: the token to hand over; the figures (amount, fee, operation) are this value's, to the sat.
    public func confirm() async throws(WalletError) -> Token {
        try await wallet.confirm(self).token
    }

    /// Releases the held proofs; nothing is spent. A no-op once confirmed or released.
    public func cancel() async {
        await wallet.releaseHoldOrRetry(operationID, because: .cancelled)
    }
}
