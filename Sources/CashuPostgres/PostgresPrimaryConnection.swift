// Storage: the connection a PostgreSQL store makes when it opens, lent to one transaction at a time.

import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// The store's first connection, kept for its transactions: a process that runs one transaction at a time (a
/// command) logs in once, where the pool would log in again (a SCRAM login costs the client a PBKDF2 of 4,096
/// rounds). A transaction that finds it lent out, closed or lost takes a pooled connection instead.
///
/// It is not watched as the pool's connections are (kept alive, closed when idle), so once it has sat unused for
/// ``idleLimit`` it is closed instead of lent: a session a firewall dropped silently would otherwise hold the next
/// transaction until its statement deadline. A long-running process then uses the pool alone.
final class PostgresPrimaryConnection: Sendable {
    private enum State {
        case idle(PostgresConnection, since: NIODeadline)
        case lent(PostgresConnection)
        /// Closed by the store, or lost.
        case closed
    }

    private let state: NIOLockedValueBox<State>

    /// How long it may sit unused and still be lent.
    let idleLimit: TimeAmount

    /// Lends `connection`; with `nil`, lends nothing (every transaction takes a pooled connection).
    init(_ connection: PostgresConnection?, idleLimit: TimeAmount = .seconds(30)) {
        state = NIOLockedValueBox(connection.map { .idle($0, since: .now()) } ?? .closed)
        self.idleLimit = idleLimit
    }

    /// The connection, now lent to the caller until ``giveBack(_:)``; `nil` when it is lent out, closed or lost.
    func borrow() -> PostgresConnection? {
        let (lent, stale) = state.withLockedValue { state -> (PostgresConnection?, PostgresConnection?) in
            guard case .idle(let connection, let since) = state else { return (nil, nil) }
            guard !connection.isClosed else {
                state = .closed
                return (nil, nil)
            }
            guard NIODeadline.now() - since <= idleLimit else {
                state = .closed
                return (nil, connection)
            }
            state = .lent(connection)
            return (connection, nil)
        }
        if let stale { stale.close().whenComplete { _ in _ = stale } }
        return lent
    }

    /// Ends a loan. A connection the store closed meanwhile is closed now.
    func giveBack(_ connection: PostgresConnection) {
        let closeNow = state.withLockedValue { state -> Bool in
            guard case .lent = state else { return true }
            state = connection.isClosed ? .closed : .idle(connection, since: .now())
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
            guard case .idle(let connection, _) = state else { return nil }
            return connection
        }
    }
}
