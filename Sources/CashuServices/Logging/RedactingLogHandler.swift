// Logging: a swift-log handler that removes secrets from messages, metadata and errors before another handler writes.

import Logging

/// Wraps a `LogHandler` and hands it only redacted records.
///
/// The message, every metadata value (the handler's own, the metadata provider's and the call's), and the event's
/// error are passed through a ``SecretRedactor``; levels, metadata keys, source, file, function and line are kept.
/// The wrapped handler's own metadata and metadata provider are taken over at creation, so nothing reaches it
/// unredacted. Secret types of CoreCashu (`SecureBytes`, `Scalar`, `Mnemonic`, `Proof`, …) already print as
/// `<redacted>`; the patterns catch what was logged as plain text.
///
/// ```swift
/// let logger = Logger(label: "cashu") { label in
///     RedactingLogHandler(wrapping: StreamLogHandler.standardError(label: label))
/// }
/// ```
package struct RedactingLogHandler: LogHandler {
    private var wrapped: any LogHandler
    private let redactor: SecretRedactor
    private var ownMetadata: Logger.Metadata = [:]
    private var provider: Logger.MetadataProvider?

    /// A handler redacting what it passes to `handler`.
    ///
    /// - Parameters:
    ///   - handler: where redacted records go (its log level is used and kept in step with this handler's).
    ///   - redactor: the patterns to remove.
    package init(wrapping handler: any LogHandler, redactor: SecretRedactor = SecretRedactor()) {
        var handler = handler
        self.redactor = redactor
        self.provider = handler.metadataProvider
        // Only when set: handlers without provider support complain (in debug builds) about any assignment.
        if provider != nil { handler.metadataProvider = nil }
        self.ownMetadata = redactor.redact(handler.metadata)
        handler.metadata = ownMetadata
        self.wrapped = handler
    }

    package var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    /// The handler's metadata, stored redacted.
    package var metadata: Logger.Metadata {
        get { ownMetadata }
        set {
            ownMetadata = redactor.redact(newValue)
            wrapped.metadata = ownMetadata
        }
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { ownMetadata[key] }
        set {
            ownMetadata[key] = newValue.map { redactor.redact($0) }
            wrapped.metadata = ownMetadata
        }
    }

    /// Called for every record; its values are redacted like the call's metadata.
    package var metadataProvider: Logger.MetadataProvider? {
        get { provider }
        set { provider = newValue }
    }

    package func log(event: LogEvent) {
        var event = event
        let message = event.message.description
        let redactedMessage = redactor.redact(message)
        if redactedMessage != message { event.message = Logger.Message(stringLiteral: redactedMessage) }
        if let provided = provider?.get(), !provided.isEmpty {
            var merged = redactor.redact(provided)
            if let explicit = event.metadata { merged.merge(redactor.redact(explicit)) { _, call in call } }
            event.metadata = merged
        } else if let explicit = event.metadata, !explicit.isEmpty {
            event.metadata = redactor.redact(explicit)
        }
        if let error = event.error {
            event.error = RedactedError(error, redactor: redactor)
        }
        wrapped.log(event: event)
    }
}
