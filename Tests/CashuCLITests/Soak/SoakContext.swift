// Soak (issue 17): what the workers share — the wallets, the mint's URL (the fault proxy's), the payee mint, the
// disk, the store (issue 30) and the ledger — and when they stop.

import CashuTestSupport
import Foundation

/// The soak's shared setting.
struct SoakContext: Sendable {
    /// The wallet the workers share (two processes at once on one directory).
    var shared: SoakWallet
    /// The other wallet: it receives the shared wallet's tokens and sends its own.
    var other: SoakWallet
    /// The mint as the wallets know it: the fault proxy in front of it.
    var mintURL: String
    /// A second mint whose invoices the wallets pay (an external Lightning payment for the soak's mint).
    var payee: TestMint
    var disk: SoakDisk
    /// Where the wallets keep their data: SQLite, or a schema each in PostgreSQL.
    var store: SoakStore
    var ledger: SoakLedger
    var deadline: ContinuousClock.Instant

    var wallets: [SoakWallet] { [shared, other] }

    /// The wallet that is not `name`.
    func wallet(otherThan name: String) -> SoakWallet { name == shared.name ? other : shared }

    func wallet(named name: String) -> SoakWallet { name == shared.name ? shared : other }
}
