// Storage: waiting on a postgres-nio future from a store thread, never forever.

import CashuEngine
import NIOCore
import PostgresNIO

/// Waits for a connection's answers with a deadline, and notices a connection that closed without answering.
///
/// postgres-nio never answers a query written to a connection that has closed (the pool can hand one out just after
/// the server ended it, and it can close between a check and the write), so a bare `wait()` could block forever.
enum PostgresWait {
    /// The answer of the statement `send` writes on `connection`; `unavailable` when the connection closes first or
    /// nothing comes within `timeout` (the connection is then closed: its state is unknown, and the pool must not
    /// reuse it). Must not be called on an event loop.
    ///
    /// `send`, the watch on the connection, the deadline and their cancellation all run in one task on the
    /// connection's event loop: the caller's thread hands over once and is woken once, where writing the query,
    /// cascading, scheduling two timers, waiting and cancelling them from this thread woke the loop seven times per
    /// statement (each a system call and a context switch: most of a PostgreSQL open's CPU after the login).
    static func answer<Value: Sendable>(
        on connection: PostgresConnection, within timeout: TimeAmount, during operation: String,
        _ send: @escaping @Sendable () -> EventLoopFuture<Value>
    ) throws -> Value {
        let loop = connection.eventLoop
        guard !loop.inEventLoop else {
            throw StorageError(.database, "\(operation): a statement waited for on its connection's event loop")
        }
        let outcome = WaitedAnswer<Value>()
        loop.execute {
            watched(on: connection, within: timeout, during: operation, send).whenComplete { outcome.complete($0) }
        }
        return try outcome.wait(atMost: timeout + .seconds(30)).get()
    }

    /// The answer of the statement `send` writes on `connection`, for an async caller: as
    /// ``answer(on:within:during:_:)``, without a thread waiting.
    static func answer<Value: Sendable>(
        on connection: PostgresConnection, within timeout: TimeAmount, during operation: String,
        _ send: @escaping @Sendable () -> EventLoopFuture<Value>
    ) async throws -> Value {
        let loop = connection.eventLoop
        return try await loop.flatSubmit { watched(on: connection, within: timeout, during: operation, send) }.get()
    }

    /// `send`'s answer, failed `unavailable` when the connection closes first or nothing comes within `timeout` (the
    /// connection is then closed). Called on `connection`'s event loop.
    private static func watched<Value: Sendable>(
        on connection: PostgresConnection, within timeout: TimeAmount, during operation: String,
        _ send: @escaping @Sendable () -> EventLoopFuture<Value>
    ) -> EventLoopFuture<Value> {
        let loop = connection.eventLoop
        let answer = loop.makePromise(of: Value.self)
        send().cascade(to: answer)
        // Polled, not a callback on `closeFuture`: one per statement would pile up on a connection that lives long.
        let watch = loop.scheduleRepeatedTask(initialDelay: .seconds(1), delay: .seconds(1)) { _ in
            if connection.isClosed {
                answer.fail(StorageError(.unavailable, "\(operation): the connection closed before it answered"))
            }
        }
        let deadline = loop.scheduleTask(in: timeout) {
            answer.fail(StorageError(.unavailable, "\(operation): no answer from the database within the deadline"))
            connection.close().whenComplete { _ in _ = connection }
        }
        answer.futureResult.whenComplete { _ in
            watch.cancel()
            deadline.cancel()
        }
        return answer.futureResult
    }

    /// A new connection from `connect`, or `unavailable` after `timeout` (a connection made later is closed).
    static func connection(
        _ connect: () -> EventLoopFuture<PostgresConnection>, within timeout: TimeAmount, during operation: String
    ) throws -> PostgresConnection {
        let future = connect()
        let answer = future.eventLoop.makePromise(of: PostgresConnection.self)
        future.cascade(to: answer)
        let deadline = future.eventLoop.scheduleTask(in: timeout) {
            answer.fail(StorageError(.unavailable, "\(operation): no connection within the deadline"))
        }
        defer { deadline.cancel() }
        do {
            return try answer.futureResult.wait()
        } catch {
            // Made after the deadline: nobody will use it.
            future.whenSuccess { late in late.close().whenComplete { _ in _ = late } }
            throw error
        }
    }
}
