// Test support: a swift-log handler that keeps every record, to check what a component logs.

import Foundation
import Logging

/// Keeps the records logged through it; every logger made from one handler shares its store.
public struct CapturingLogHandler: LogHandler {
    /// One record.
    public struct Record: Sendable {
        public var level: Logger.Level
        public var message: String
        public var metadata: [String: String]
    }

    /// The records, shared between copies of the handler.
    public final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Record] = []

        public var records: [Record] { lock.withLock { stored } }

        public func append(_ record: Record) { lock.withLock { stored.append(record) } }
    }

    public let store: Store
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        store.append(
            Record(
                level: event.level,
                message: "\(event.message)",
                metadata: merged.mapValues { "\($0)" }
            )
        )
    }

    /// A logger writing into a fresh store, and that store.
    public static func logger() -> (Logger, Store) {
        let store = Store()
        return (Logger(label: "test") { _ in CapturingLogHandler(store: store) }, store)
    }
}
