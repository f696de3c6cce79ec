// Nostr relays: a relay client with connections its owner closes (NostrRelayPool; LinuxWallet closes the one it made).

/// A relay client with connections to close.
package protocol NostrRelayClosing: Sendable {
    func shutdown() async
}
