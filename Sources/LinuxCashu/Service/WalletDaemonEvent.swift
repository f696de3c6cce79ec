// Service: what the long-running wallet service did that a user may want to hear about.

import CashuServices
import CoreCashu

/// Something the service settled by itself.
package enum WalletDaemonEvent: Sendable {
    /// A mint quote paid while nobody waited for it was minted.
    case minted(mint: MintURL, amount: UInt64, unit: CurrencyUnit)
    /// A payment the mint had in flight settled: paid, or failed (its proofs back in the wallet).
    case paymentSettled(mint: MintURL, amount: UInt64, unit: CurrencyUnit, paid: Bool)
    /// A maintenance pass ran.
    case refreshed(RefreshReport)
    /// A queued receive, payment or check reached its end (run by this service's offline queue).
    case queueCompleted(QueueCompletion)
    /// Something the wallet told its subscribers (`Wallet/events(bufferingNewest:)`): a sent token claimed, a
    /// mint back in reach, progress, balances.
    case wallet(WalletEvent)
}
