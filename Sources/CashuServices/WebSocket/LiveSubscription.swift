// NUT-17 — WebSockets: a subscription the client keeps alive across reconnections.

import CoreCashu

/// A subscription whose consumer still listens: what to resubscribe after a reconnection, and where its
/// notifications go.
struct LiveSubscription: Sendable {
    /// The subscription kind (decides how notifications decode).
    let kind: SubscriptionKind
    /// The quote ids or `Y`s watched.
    let filters: [String]
    /// The consumer's stream.
    let continuation: AsyncStream<NotificationPayload>.Continuation
    /// The connection generation on which it is subscribed or being subscribed (`nil`: not on the current one).
    var activeGeneration: Int?
    /// The connection generation on which the mint answered its subscription OK.
    var acceptedGeneration: Int?
}
