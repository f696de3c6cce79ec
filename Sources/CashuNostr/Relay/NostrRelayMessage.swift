// NIP-01 — the messages a relay sends a client: EVENT, OK, EOSE, CLOSED, NOTICE (and NIP-42's AUTH).

/// A message from a relay to a client.
///
/// Parsing (``init(parsing:maxLength:)``) checks the shape only: an event still has to be verified
/// (``NostrEvent/verify()``) and matched against the subscription's filters before anyone trusts it.
package enum NostrRelayMessage: Sendable, Hashable {
    /// `["EVENT", <subscription id>, <event>]`: an event for one of the client's subscriptions.
    case event(subscriptionID: String, event: NostrEvent)
    /// `["OK", <event id>, <true|false>, <message>]`: whether the relay took a published event. The message starts
    /// with a machine-readable prefix (`duplicate:`, `blocked:`, `rate-limited:`, `auth-required:`, ...).
    case ok(eventID: String, accepted: Bool, message: String)
    /// `["EOSE", <subscription id>]`: the stored events are all sent; new ones follow as they come.
    case endOfStoredEvents(subscriptionID: String)
    /// `["CLOSED", <subscription id>, <message>]`: the relay refused or ended a subscription.
    case closed(subscriptionID: String, message: String)
    /// `["NOTICE", <message>]`: a human-readable message, for no request in particular.
    case notice(String)
    /// NIP-42 `["AUTH", <challenge>]`: the relay asks the client to authenticate.
    case auth(challenge: String)

    /// The largest message parsed by default, in UTF-8 bytes (1 MiB).
    package static let defaultMaxLength = 1 << 20
    /// Relay messages (`OK`, `CLOSED`, `NOTICE`) and challenges are cut to this many characters.
    package static let maxTextLength = 1024

    /// Parses one message (one WebSocket text frame).
    ///
    /// Elements after the ones NIP-01 defines are ignored (later NIPs may add some); an `OK` without its message is
    /// taken as one with an empty message.
    /// - Parameters:
    ///   - text: the frame's text.
    ///   - maxLength: the longest text accepted, in UTF-8 bytes.
    /// - Throws: ``NostrError`` `.malformedMessage` for anything longer, anything that is not one of these arrays,
    ///   an event whose fields have the wrong shape, or a subscription id over ``NostrSubscriptionID/maxLength``.
    package init(parsing text: String, maxLength: Int = NostrRelayMessage.defaultMaxLength) throws(NostrError) {
        let bytes = text.utf8.count
        guard bytes <= maxLength else {
            throw NostrError(.malformedMessage, "a relay message of \(bytes) bytes is over the limit of \(maxLength)")
        }
        self = try NostrRelayMessageParser.parse(text)
    }

    /// The message's type, as the first element of its array names it (for logs: never the contents).
    package var type: String {
        switch self {
        case .event: "EVENT"
        case .ok: "OK"
        case .endOfStoredEvents: "EOSE"
        case .closed: "CLOSED"
        case .notice: "NOTICE"
        case .auth: "AUTH"
        }
    }
}
