// Test support: waits (with a generous deadline) for the first element of a stream that matches.

import Foundation

extension AsyncStream where Element: Sendable {
    /// The first element matching `predicate`, or `nil` when the stream ends or `timeout` passes.
    package func first(
        within timeout: Duration, where predicate: @escaping @Sendable (Element) -> Bool
    ) async -> Element? {
        let stream = self
        return await withTaskGroup(of: Element?.self) { group in
            group.addTask {
                for await element in stream where predicate(element) { return element }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let found = await group.next() ?? nil
            group.cancelAll()
            return found
        }
    }
}
