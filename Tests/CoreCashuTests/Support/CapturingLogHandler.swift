// Test support: a swift-log handler that keeps every record, to check what a component logs.

import Foundation
import Logging

/// Keeps the records logged through it; every logger made from one handler shares its store.
struct CapturingLogHandler: LogHandler {
    /// One record.
    struct Record: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: [String: String]
    }

    /// The records, shared between copies of the handler.
    final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [Record] = []

        var records: [Record] { lock.withLock { stored } }

        func append(_ record: Record) { lock.withLock { stored.append(record) } }
    }

    let store: Store
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
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
    static func logger() -> (Logger, Store) {
        let store = Store()
        return (Logger(label: "test") { _ in CapturingLogHandler(store: store) }, store)
    }
}
