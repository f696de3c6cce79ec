// Tests of RedactingLogHandler: messages, call metadata, handler metadata, provider metadata and errors are redacted;
// levels and keys are kept.

import CashuTestSupport
import Foundation
import Logging
import Testing

@testable import CashuServices

@Suite("RedactingLogHandler")
struct RedactingLogHandlerTests {
    static let secret = String(repeating: "0f1e2d3c", count: 8)
    static let token = "cashuBo2FteBVodHRwOi8vbG9jYWxob3N0OjMzMzhhdWNzYXRhdIGiYWlIAJofKTJT5B5hcIGkYWEC"

    /// A logger redacting into a capturing store.
    static func logger(
        level: Logger.Level = .trace,
        provider: Logger.MetadataProvider? = nil
    ) -> (Logger, CapturingLogHandler.Store) {
        let (capturing, store) = CapturingLogHandler.logger()
        let inner = capturing.handler
        var logger = Logger(label: "test") { _ in RedactingLogHandler(wrapping: inner) }
        if let provider { logger.handler.metadataProvider = provider }
        logger.logLevel = level
        return (logger, store)
    }

    @Test("Message and call metadata are redacted; level and keys are kept")
    func messageAndMetadata() throws {
        let (logger, store) = Self.logger()
        logger.notice(
            "received \(Self.token)",
            metadata: ["secret": "\(Self.secret)", "amount": "21", "proofs": [.string(Self.secret)]]
        )
        let record = try #require(store.records.first)
        #expect(record.level == .notice)
        #expect(record.message == "received <redacted token>")
        #expect(record.metadata["secret"] == "<redacted hex>")
        #expect(record.metadata["amount"] == "21")
        #expect(record.metadata["proofs"] == "[\"<redacted hex>\"]")
        #expect(Set(record.metadata.keys) == ["secret", "amount", "proofs"])
    }

    @Test("The logger's own metadata is redacted when set")
    func handlerMetadata() throws {
        var (logger, store) = Self.logger()
        logger[metadataKey: "auth"] = "Bearer \(Self.secret)"
        logger[metadataKey: "operation"] = "send"
        logger.info("sending")
        let record = try #require(store.records.first)
        #expect(record.metadata["auth"] == "Bearer <redacted auth>")
        #expect(record.metadata["operation"] == "send")
        #expect(logger[metadataKey: "auth"] == "Bearer <redacted auth>")
    }

    @Test("A metadata provider's values are redacted")
    func providerMetadata() throws {
        let secret = Self.secret
        let (logger, store) = Self.logger(provider: Logger.MetadataProvider { ["context": "\(secret)"] })
        logger.info("with context", metadata: ["call": "1"])
        let record = try #require(store.records.first)
        #expect(record.metadata["context"] == "<redacted hex>")
        #expect(record.metadata["call"] == "1")
    }

    @Test("An event's error is replaced by its redacted description")
    func errorIsRedacted() throws {
        struct Leaky: Error, CustomStringConvertible {
            var description: String { "failed for secret \(RedactingLogHandlerTests.secret)" }
        }
        let redacted = RedactedError(Leaky())
        #expect(redacted.description == "failed for secret <redacted hex>")
        #expect(redacted.typeName.hasSuffix("Leaky"))

        let keeper = ErrorKeeper()
        let handler = RedactingLogHandler(wrapping: keeper)
        handler.log(
            event: LogEvent(
                level: .error,
                message: "boom",
                error: Leaky(),
                metadata: nil,
                source: "test",
                file: #fileID,
                function: #function,
                line: #line
            )
        )
        #expect(keeper.box.errors == ["failed for secret <redacted hex>"])
    }

    @Test("The level is the wrapped handler's, and filtering still applies")
    func levels() {
        let (logger, store) = Self.logger(level: .warning)
        logger.debug("hidden \(Self.secret)")
        logger.warning("shown")
        #expect(store.records.map(\.message) == ["shown"])
        #expect(logger.logLevel == .warning)
    }

    @Test("Metadata set on the wrapped handler before wrapping is redacted too")
    func wrappedMetadata() throws {
        let (capturing, store) = CapturingLogHandler.logger()
        var inner = capturing.handler
        inner.metadata = ["leak": "\(Self.secret)"]
        let handler = RedactingLogHandler(wrapping: inner)
        #expect(handler.metadata["leak"] == "<redacted hex>")
        handler.log(
            event: LogEvent(
                level: .info,
                message: "m",
                metadata: nil,
                source: "test",
                file: #fileID,
                function: #function,
                line: #line
            )
        )
        #expect(try #require(store.records.first).metadata["leak"] == "<redacted hex>")
    }
}

/// Keeps the rendered errors of the events it gets, as a structured sink might print them.
private struct ErrorKeeper: LogHandler {
    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var errors: [String] { lock.withLock { stored } }
        func append(_ error: String) { lock.withLock { stored.append(error) } }
    }

    let box = Box()
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if let error = event.error { box.append("\(error)") }
    }
}
