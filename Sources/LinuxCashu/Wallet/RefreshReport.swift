// LinuxWallet: what one refresh pass (`cashu refresh`, the systemd timer) did.

import CashuServices
import CoreCashu

/// The outcome of ``LinuxWallet/refresh()``: each step's results, and the steps that failed (per mint).
public struct RefreshReport: Sendable {
    /// A step that failed; the pass went on with the next one.
    public struct Failure: Sendable {
        /// `recover`, `queue` (a queued operation the mint refused), `mints`, `mint-info`, `mint-paid-quotes`,
        /// `check` or `rotate-keysets`.
        public var step: String
        public var mint: MintURL?
        public var error: WalletError
    }

    /// Unfinished operations resumed.
    public var recovery = RecoveryReport()
    /// Mints whose info and keysets were fetched again (older than a day).
    public var refreshedMints: [MintURL] = []
    /// Paid mint quotes that were minted: each mint operation (its id, mint, unit and amount), as its
    /// `WalletEvent.operationSettled(_:)` event told it.
    public var minted: [WalletOperationEvent] = []
    /// Sent tokens the mint now reports spent (claimed by their receiver), and those still unclaimed.
    public var claimed = 0
    public var unclaimed = 0
    /// Pending melts that settled.
    public var settledMelts = 0
    /// Proofs moved off an inactive or expiring keyset: each swap (its mint, unit, the amount moved and its fee).
    public var rotated: [WalletOperationEvent] = []
    /// What the offline queue ran: the entries done (their state `.done`), then those the mint refused
    /// (`.failed`), then those still queued (their mint unreachable, an outcome still open, or behind one of those).
    public var queue: [QueuedEntry] = []
    public var failures: [Failure] = []
    /// NUT-27: the mint list backup, published when the list or the relays changed since the last one.
    public var mintBackup: MintBackupReport?
    /// NUT-18: payments received for the wallet's open Nostr payment requests (`nil` when none is open).
    public var nostrPayments: NostrInboxReport?

    package init() {}
}
