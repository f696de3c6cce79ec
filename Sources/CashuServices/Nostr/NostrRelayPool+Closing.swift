// NIP-01 — the relay pool as the wallet's own relay client, closed with the wallet.

extension NostrRelayPool: NostrRelayClosing {}
