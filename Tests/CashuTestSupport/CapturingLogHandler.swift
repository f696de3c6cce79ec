// Test support: a swift-log handler that keeps every record, to check what a component logs.

import Foundation
import Logging

/// Keeps the records logged through it; every logger made from one handler shares its store.
package struct CapturingLogHandler: LogHandler {
    /// One record.
    package struct Record: Sendable {
        package var level: Logger.Level
        package var message: String
        package var metadata: [String: String]
    }

    /// The records, shared between copies of the handler.
    package final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Record] = []

        package var records: [Record] { lock.withLock { stored } }

        package func append(_ record: Record) { lock.withLock { stored.append(record) } }
    }

    package let store: Store
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .trace

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
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
    package static func logger() -> (Logger, Store) {
        let store = Store()
        return (Logger(label: "test") { _ in CapturingLogHandler(store: store) }, store)
    }
}
