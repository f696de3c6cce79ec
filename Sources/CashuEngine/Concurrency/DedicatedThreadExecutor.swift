// Concurrency: a task executor with threads of its own, for CPU-bound work (verifying thousands of DLEQ proofs) that
// must not wait for a cooperative pool whose threads the host keeps busy or blocked.

import Foundation

/// A `TaskExecutor` (SE-0417) that runs jobs, first in first out, on threads it owns.
///
/// Swift's cooperative pool has one thread per core. A host that blocks one of them (a `DispatchSemaphore.wait()` in
/// an async context, as package-benchmark's runner does around every async benchmark) leaves a two-core machine one
/// thread, and a ``VerificationPipeline`` then checks its parts one after another. Under
/// `withTaskExecutorPreference(executor) { ... }` the pipeline's parts (child tasks inherit the preference) and every
/// other nonisolated async function called in the body run on this executor's threads instead; code isolated to an
/// actor still runs on that actor's executor.
///
/// Make one per process and keep it, as an event loop group: its threads live until ``shutdown()``, which lets them end
/// once the jobs queued before it have run (an executor made per call and never shut down leaks its threads). A job
/// enqueued after that runs on the global concurrent executor, so no task is ever stranded.
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
package final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// How many threads run jobs.
    package let threadCount: Int

    // Guarded by `condition`: the queue (a growing array read from `head`) and whether the threads should end.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var stopping = false
    private var threads: Set<pthread_t> = []

    /// Starts `threads` threads (1 to 64; by default one per core).
    package init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        threadCount = min(max(1, threads), 64)
        for _ in 0..<threadCount {
            // Each thread holds the executor until it ends: only `shutdown()` lets it go.
            Thread { [self] in self.work() }.start()
        }
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        guard !stopping else {
            condition.unlock()
            globalConcurrentExecutor.enqueue(job)
            return
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the threads end once every job queued before this call has run; later jobs go to the global executor.
    package func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the calling thread is one of this executor's.
    var ownsCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return threads.contains(pthread_self())
    }

    private func work() {
        condition.lock()
        threads.insert(pthread_self())
        condition.unlock()
        while let job = next() { job.runSynchronously(on: asUnownedTaskExecutor()) }
        condition.lock()
        threads.remove(pthread_self())
        condition.unlock()
    }

    /// The oldest queued job, waiting for one; `nil` once stopping with none left.
    private func next() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count && !stopping { condition.wait() }
        guard head < jobs.count else { return nil }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1024 && head * 2 >= jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }
}
