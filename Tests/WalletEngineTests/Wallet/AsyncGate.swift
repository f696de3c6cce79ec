// Engine tests: a one-shot gate that tasks wait on until a test opens it (to interleave two calls deterministically).

import CashuEngine

/// Waiters suspend in ``wait()`` until ``open()``; once open, it stays open.
final class AsyncGate: Sendable {
    private let state = Locked<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Suspends until the gate is open.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Opens the gate, resuming every waiter.
    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
