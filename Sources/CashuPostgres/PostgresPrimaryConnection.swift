// Storage: the connection a PostgreSQL store makes when it opens, lent to one transaction at a time.

import NIOConcurrencyHelpers
import PostgresNIO

/// The store's first connection, kept for its transactions: a process that runs one transaction at a time (a
/// command) logs in once, where the pool would log in again (a SCRAM login costs the client a PBKDF2 of 4,096
/// rounds). A transaction that finds it lent out, closed or lost takes a pooled connection instead.
final class PostgresPrimaryConnection: Sendable {
    private enum State {
        case idle(PostgresConnection)
        case lent(PostgresConnection)
        /// Closed by the store, or lost.
        case closed
    }

    private let state: NIOLockedValueBox<State>

    /// Lends `connection`; with `nil`, lends nothing (every transaction takes a pooled connection).
    init(_ connection: PostgresConnection?) {
        state = NIOLockedValueBox(connection.map { .idle($0) } ?? .closed)
    }

    /// The connection, now lent to the caller until ``giveBack(_:)``; `nil` when it is lent out, closed or lost.
    func borrow() -> PostgresConnection? {
        state.withLockedValue { state in
            guard case .idle(let connection) = state else { return nil }
            guard !connection.isClosed else {
                state = .closed
                return nil
            }
            state = .lent(connection)
            return connection
        }
    }

    /// Ends a loan. A connection the store closed meanwhile is closed now.
    func giveBack(_ connection: PostgresConnection) {
        let closeNow = state.withLockedValue { state -> Bool in
            guard case .lent = state else { return true }
            state = connection.isClosed ? .closed : .idle(connection)
            return false
        }
        if closeNow { connection.close().whenComplete { _ in _ = connection } }
    }

    /// Closes the connection, or marks it to be closed when its loan ends. Idempotent.
    func close() async {
        if let connection = markClosed() { try? await connection.close().get() }
    }

    /// Starts closing the connection without waiting (a store dropped without `close()`).
    func closeSoon() {
        guard let connection = markClosed() else { return }
        connection.close().whenComplete { _ in _ = connection }
    }

    /// Marks the connection closed; returns it when it is idle (to close now), `nil` when it is lent (its loan's end
    /// closes it) or already closed.
    private func markClosed() -> PostgresConnection? {
        state.withLockedValue { state in
            defer { state = .closed }
            guard case .idle(let connection) = state else { return nil }
            return connection
        }
    }
}
