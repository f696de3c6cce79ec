// Platform: NUT-17 subscriptions as a protocol the host supplies, so CoreCashu itself never opens a socket.

/// Delivers a mint's NUT-17 notifications (quote and proof state changes) to the wallet.
///
/// The host supplies it (LinuxCashu's `MintWebSocketClient` over `wss://<mint>/v1/ws`); a wallet without one, or
/// whose mint does not advertise NUT-17 for the kind, method and unit, polls over HTTP instead. The wallet takes a
/// notification only as a hint to check the state over HTTP: a transport that lies can delay the wallet, never
/// make it mint or settle anything.
package protocol SubscriptionTransport: Sendable {
    /// Subscribes to updates of the objects a request names.
    ///
    /// The stream yields the mint's notifications in the order they arrive, starting with the current state NUT-17
    /// makes the mint send first. It survives reconnections when the implementation resubscribes; it finishes when
    /// the transport gives up or shuts down (the wallet then polls). When the consumer stops iterating (its task is
    /// cancelled, or the stream is dropped), the implementation unsubscribes.
    /// - Parameter request: the mint, kind and filters.
    /// - Returns: the notifications.
    /// - Throws: ``SubscriptionError`` when the subscription could not be made (no connection, the mint refused).
    func subscribe(_ request: SubscriptionRequest) async throws(SubscriptionError) -> AsyncStream<NotificationPayload>
}
