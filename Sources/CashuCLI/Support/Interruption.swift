// CLI: Ctrl-C and SIGTERM — the running command's task is cancelled; whatever the engine journaled stays
// recoverable; the process ends with 130. A second signal, or a command that does not stop within the grace
// period, ends the process at once (as safe as a crash: the journal is on disk before anything leaves).

import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a command's work under SIGINT/SIGTERM handlers that cancel it.
final class Interruption: @unchecked Sendable {
    /// How long a cancelled command may take to stop before the process ends anyway.
    static let gracePeriod: DispatchTimeInterval = .seconds(5)

    private let queue = DispatchQueue(label: "cashu.signals")
    /// Touched on `queue` only.
    private var signals = 0
    private var task: Task<Void, any Error>?
    private var sources: [any DispatchSourceSignal] = []
    private let output: Output

    private init(output: Output) {
        self.output = output
    }

    /// Runs `work`; returns its error (nil on success) and whether a signal arrived.
    static func run(output: Output, _ work: @escaping @Sendable () async throws -> Void) async
        -> (error: (any Error)?, interrupted: Bool)
    {
        let interruption = Interruption(output: output)
        let task = Task { try await work() }
        interruption.install(task)
        let result = await task.result
        let interrupted = interruption.finish()
        if case .failure(let error) = result { return (error, interrupted) }
        return (nil, interrupted)
    }

    private func install(_ task: Task<Void, any Error>) {
        queue.sync { self.task = task }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)  // delivered to the dispatch source instead of ending the process
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.received() }
            source.resume()
            sources.append(source)
        }
    }

    /// Called on `queue`.
    private func received() {
        signals += 1
        guard signals == 1 else { Self.exitNow() }
        output.note("cashu: interrupted; stopping (anything started stays recoverable)")
        task?.cancel()
        queue.asyncAfter(deadline: .now() + Self.gracePeriod) { Self.exitNow() }
    }

    private static func exitNow() -> Never {
        TerminalState.restore()
        Output.write(
            "cashu: error: interrupted; an operation that had started is journaled and `cashu recover` settles it\n",
            to: .standardError
        )
        _exit(ExitClass.interrupted.rawValue)
    }

    /// Stops listening; returns whether a signal arrived.
    private func finish() -> Bool {
        queue.sync {
            for source in sources { source.cancel() }
            sources = []
            return signals > 0
        }
    }
}
