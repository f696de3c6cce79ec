// Wallet: a transfer between mints prepared for a front end to show and confirm.

import Foundation

/// A transfer whose payment at the source holds its proofs and states its fees, until ``confirm(mintWait:)`` moves
/// the sats or ``cancel()`` releases them (``Wallet/prepareTransfer(amount:from:to:unit:holdFor:)`).
public struct PreparedTransfer: Sendable {
    /// The two quotes: the destination's invoice and the source's quote paying it.
    package let quote: TransferQuote
    /// The source's payment of the destination's invoice, holding the proofs.
    public let payment: PreparedPayment

    /// The mint the sats leave.
    public var from: MintURL { quote.from }
    /// The mint they arrive at.
    public var to: MintURL { quote.to }
    /// What arrives at `to``.
    public var amount: UInt64 { quote.amount }
    /// The most the move can cost beyond ``amount``: the source's fee reserve and its input fees.
    public var fee: UInt64 { payment.feeReserve &+ payment.inputFee }
    /// The most that leaves the source's balance.
    public var most: UInt64 { payment.most }
    /// When the hold lapses.
    public var expiresAt: Date { payment.expiresAt }

    /// Moves the sats: `Wallet/transfer(_:mintWait:)` paying with the held proofs.
    /// - Throws: ``WalletError``: `expired` when the hold lapsed or was cancelled (nothing moved); otherwise as
    ///   `Wallet/transfer(_:mintWait:)`.
    public func confirm(mintWait: Duration = .seconds(30)) async throws(WalletError) -> TransferResult {
        try await payment.wallet.confirm(self, mintWait: mintWait)
    }

    /// Releases the held proofs; nothing moves. A no-op once confirmed or released.
    public func cancel() async {
        await payment.cancel()
    }
}
