// Wallet: a Lightning payment (NUT-05 melt) prepared for a front end to show and confirm.

import Foundation

/// A payment of a melt quote that holds its proofs and states what it can cost, until ``confirm(preferAsync:)`` pays
/// or ``cancel()`` releases them (``Wallet/preparePay(request:mint:unit:holdFor:)``,
/// ``Wallet/preparePayment(quoteID:holdFor:)``).
///
/// ``most`` is an upper bound of what leaves the balance: the Lightning fee actually spent is at most the fee reserve
/// (NUT-08 change returns the rest), and ``inputFee`` is exact when ``swaps`` is false, the cost of the swap that
/// makes exact proofs plus their own input fee otherwise.
public struct PreparedPayment: Sendable {
    /// The operation's id: the melt's, once confirmed.
    public let operationID: OperationID
    /// The mint that pays.
    public let mint: MintURL
    /// The unit.
    public let unit: CurrencyUnit
    /// The melt quote paid.
    public let quote: StoredMeltQuote
    /// What the payee gets.
    public var amount: UInt64 { quote.amount }
    /// The most the Lightning payment may cost beyond ``amount`` (the mint's fee reserve).
    public var feeReserve: UInt64 { quote.feeReserve }
    /// NUT-02 input fees the wallet pays (of the swap making exact proofs too, when ``swaps``).
    public let inputFee: UInt64
    /// Whether confirming first swaps the held proofs into proofs of the exact amount.
    public let swaps: Bool
    /// What the held proofs are worth.
    public let reserved: UInt64
    /// When the hold lapses (no later than the quote's own expiry).
    public let expiresAt: Date

    let wallet: Wallet

    /// The most that leaves the balance: ``amount`` + ``feeReserve`` + ``inputFee``.
    public var most: UInt64 { amount &+ feeReserve &+ inputFee }

    /// Pays: `Wallet/melt(quoteID:preferAsync:)` with the held proofs.
    /// - Parameter preferAsync: ask the mint to answer at once with `PENDING` (NUT-05 `prefer_async`).
    /// - Throws: ``WalletError``: `expired` when the hold lapsed or was cancelled (nothing paid); otherwise as
    ///   `Wallet/melt(quoteID:preferAsync:)`.
    public func confirm(preferAsync: Bool = false) async throws(WalletError) -> MeltResult {
        try await wallet.confirm(self, preferAsync: preferAsync)
    }

    /// Releases the held proofs; nothing is paid. A no-op once confirmed or released.
    public func cancel() async {
        await wallet.releaseHoldOrRetry(operationID, because: .cancelled)
    }
}
