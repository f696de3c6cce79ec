// LinuxWallet: what one refresh pass (`cashu refresh`, the systemd timer) did.

import CashuServices
import CoreCashu

/// The outcome of ``LinuxWallet/refresh()``: each step's results, and the steps that failed (per mint).
public struct RefreshReport: Sendable {
    /// A paid mint quote that was minted.
    public struct Minted: Sendable {
        public var mint: MintURL
        public var unit: CurrencyUnit?
        public var result: MintResult
    }

    /// Proofs moved off an inactive or expiring keyset.
    public struct Rotation: Sendable {
        public var mint: MintURL
        public var unit: CurrencyUnit
        public var result: RotationResult
    }

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
    public var minted: [Minted] = []
    /// Sent tokens the mint now reports spent (claimed by their receiver), and those still unclaimed.
    public var claimed = 0
    public var unclaimed = 0
    /// Pending melts that settled.
    public var settledMelts = 0
    public var rotated: [Rotation] = []
    /// What the offline queue ran.
    public var queue = QueueRunReport()
    public var failures: [Failure] = []
    /// NUT-27: the mint list backup, published when the list or the relays changed since the last one.
    public var mintBackup: MintBackupReport?
    /// NUT-18: payments received for the wallet's open Nostr payment requests (`nil` when none is open).
    public var nostrPayments: NostrInboxReport?

    package init() {}
}
