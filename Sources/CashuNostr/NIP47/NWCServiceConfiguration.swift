// NIP-47 — Nostr Wallet Connect: the wallet service's policy — what it serves and which requests it takes.

/// What the service implements and how it treats time.
package struct NWCServiceConfiguration: Sendable, Hashable {
    /// The methods the service implements; a connection's permissions are narrowed to these, any other method is
    /// answered `NOT_IMPLEMENTED`.
    package var methods: [NWCMethod]
    /// The notification types the service sends.
    package var notifications: [NWCNotificationType]
    /// Requests created longer ago than this (seconds) are ignored, so a replay older than the handled-request
    /// records cannot be taken for a new request, and a payment its client gave up on long ago (a relay or the
    /// service down meanwhile) is not made. Ten minutes by default.
    package var maxRequestAge: Int64
    /// Requests dated further in the future than this (seconds) are ignored. Five minutes by default.
    package var maxClockSkew: Int64
    /// How long a payment the wallet reports in flight is waited for before the client is told it is pending.
    package var pendingPaymentWait: Duration

    package init(
        methods: [NWCMethod] = NWCMethod.walletServiceMethods,
        notifications: [NWCNotificationType] = [.paymentReceived, .paymentSent],
        maxRequestAge: Int64 = 600, maxClockSkew: Int64 = 300, pendingPaymentWait: Duration = .seconds(30)
    ) {
        self.methods = methods
        self.notifications = notifications
        self.maxRequestAge = maxRequestAge
        self.maxClockSkew = maxClockSkew
        self.pendingPaymentWait = pendingPaymentWait
    }
}
