// Storage: what a SQL store read for the wallet's open when it opened (OpeningStateStore), kept until it is asked for.

import CashuEngine

/// What a store read for the wallet's open in the same step as its schema check, answered once: the wallet's open
/// asks right after the store opened. Asked again, later than ``maximumAge`` (a host that opened the store long before
/// the wallet: other processes may have written meanwhile), or once the store has begun a write (its answer could be
/// older than the store's own writes), the store reads it again.
package final class OpeningStateAtOpen: Sendable {
    private let state = Locked<(state: StoredOpeningState, at: ContinuousClock.Instant)?>(nil)

    /// How long what was kept answers.
    package let maximumAge: Duration

    package init(maximumAge: Duration = .seconds(1)) {
        self.maximumAge = maximumAge
    }

    /// Keeps `state` for the first ask.
    package func keep(_ state: StoredOpeningState) {
        self.state.withLock { $0 = (state, .now) }
    }

    /// Forgets what was kept: the store is about to write.
    package func forget() {
        state.withLock { $0 = nil }
    }

    /// What is kept, without taking it (tests).
    package var kept: StoredOpeningState? { state.withLock { $0?.state } }

    /// What was kept (then forgotten) when it is not older than ``maximumAge``, else what `read` reads.
    package func answer(
        countingPlaintext: Bool, else read: () async throws -> StoredOpeningState
    ) async throws -> StoredOpeningState {
        let kept = state.withLock { state in
            defer { state = nil }
            return state
        }
        guard var answer = kept?.state, let at = kept?.at, ContinuousClock.now - at <= maximumAge else {
            return try await read()
        }
        if !countingPlaintext { answer.hasPlaintext = false }
        return answer
    }
}
