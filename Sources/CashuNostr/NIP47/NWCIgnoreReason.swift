// NIP-47 — Nostr Wallet Connect: why the service sent no response to an event.

/// Why an event got no response.
package enum NWCIgnoreReason: String, Sendable, Hashable, CustomStringConvertible {
    /// Not a kind-23194 request.
    case notARequest
    /// Its id or signature does not verify.
    case invalidEvent
    /// Its `p` tag names no service key of this wallet.
    case notAddressedToService
    /// Its `expiration` tag has passed (NIP-47: "it should be ignored").
    case expired
    /// Created too long ago, or too far in the future (``NWCServiceConfiguration/maxRequestAge``).
    case outsideTimeWindow
    /// Handled before: a replay.
    case replay
    /// The store could not be read, so the request could not even be matched to a connection.
    case storageUnavailable
    /// The response could not be encrypted or signed.
    case cannotRespond

    package var description: String { rawValue }
}
