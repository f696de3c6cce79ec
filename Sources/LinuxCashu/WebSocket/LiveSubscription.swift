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
    /// The connection generation on which the mint accepted it (`nil`: not subscribed on the current connection).
    var activeGeneration: Int?
}
