// npub.cash v2 — what one claim of an address's payments did.

import CoreCashu

/// The outcome of claiming what was paid to the wallet's npub.cash-style address (`LinuxWallet.claimNpubCash`).
public struct NpubCashClaim: Sendable {
    /// The mints made: one operation per quote, or per NUT-29 batch (its id, mint, unit and amount, as in the
    /// wallet's activity).
    public let minted: [WalletOperationEvent]
    /// Mints the service took payments at that the wallet does not hold: those quotes wait until the mint is added
    /// (`cashu mint add`) and are claimed then.
    public let unknownMints: [String]

    package init(minted: [WalletOperationEvent], unknownMints: [String]) {
        self.minted = minted
        self.unknownMints = unknownMints
    }
}
