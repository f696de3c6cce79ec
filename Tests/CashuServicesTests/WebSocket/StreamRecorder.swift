// Test support: keeps reading an AsyncStream in the background, so a test can wait for what it expects in steps.

/// Reads a stream into a list until stopped or the stream finishes.
actor StreamRecorder<Element: Sendable> {
    private(set) var items: [Element] = []
    private(set) var finished = false
    private var reader: Task<Void, Never>?

    /// Starts reading `stream`.
    static func start(_ stream: AsyncStream<Element>) async -> StreamRecorder {
        let recorder = StreamRecorder()
        await recorder.read(stream)
        return recorder
    }

    private func read(_ stream: AsyncStream<Element>) {
        reader = Task { [weak self] in
            for await item in stream { await self?.append(item) }
            await self?.markFinished()
        }
    }

    private func append(_ item: Element) { items.append(item) }
    private func markFinished() { finished = true }

    /// Waits until `condition` holds for what was read (and whether the stream finished), or `timeout` passes.
    /// - Returns: whether the condition held.
    func wait(timeout: Duration = .seconds(60), until condition: ([Element], Bool) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !condition(items, finished) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// Stops reading: the consumer goes away, which unsubscribes.
    func stop() {
        reader?.cancel()
    }
}
