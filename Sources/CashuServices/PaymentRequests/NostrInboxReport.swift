// NUT-18 — what one read of the wallet's Nostr inbox did.

import CashuNostr

/// The outcome of `LinuxWallet.collectNostrPayments(waitingFor:timeout:)`.
public struct NostrInboxReport: Sendable {
    /// Payments received.
    public var received: [ReceivedNostrPayment] = []
    /// Messages left alone (not a payment for us, a mint not accepted), with why.
    package var ignored: [String] = []
    /// Payments whose receive failed and will be tried again (the mint unreachable, the answer ambiguous).
    public var retrying = 0
    /// Each relay's answer to the read.
    package var relays: [NostrRelayURL: NostrRelayOutcome] = [:]

    package init() {}
}
