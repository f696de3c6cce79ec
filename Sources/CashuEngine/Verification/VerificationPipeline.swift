// Verification: the one place that composes the checks of untrusted items and runs them, across cores when large.

import Foundation

/// Verifiers run as one check: whole-list verifiers first, in order, over the whole list; then the per-item ones,
/// over the list split into parts that run concurrently (a `TaskGroup` on the cooperative pool, so on every core)
/// when the list is large enough for that to pay. The first failure cancels the parts still running.
///
/// The wallet's pipelines are ``receivedProofs(adding:)`` and ``mintSignatures(adding:)``; the verifiers a user adds
/// run after the standard ones.
///
/// NUT-12's DLEQ proofs are in challenge form (`e`, `s`): checking one means recomputing its `R1` and `R2` to hash
/// them, so proofs cannot be batch-verified with one multi-scalar multiplication (that needs the commitment form,
/// `R1`, `R2`, `s`), and libsecp256k1 0.2 exports no multi-scalar routine anyway. Many proofs are verified in
/// parallel instead, each on its own, so a failure names its proof.
package struct VerificationPipeline<Item: Sendable>: Sendable {
    /// The verifiers, in the order they run (whole-list ones before per-item ones).
    package private(set) var verifiers: [any Verifier<Item>]
    /// The most parts checked at once (1 to 64); 1 checks on the caller's task only.
    package private(set) var maxConcurrency: Int
    /// The fewest items worth a part of their own (below it the work does not pay for a task); at least 1.
    package private(set) var minimumPart: Int

    /// Creates a pipeline; by default it uses every core and parts of at least 16 items.
    package init(
        _ verifiers: [any Verifier<Item>], maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        minimumPart: Int = 16
    ) {
        self.verifiers = verifiers
        self.maxConcurrency = min(max(1, maxConcurrency), 64)
        self.minimumPart = max(1, minimumPart)
    }

    /// This pipeline checking at most `workers` parts at once (1 to 64).
    package func withMaxConcurrency(_ workers: Int) -> Self {
        var copy = self
        copy.maxConcurrency = min(max(1, workers), 64)
        return copy
    }

    /// This pipeline with `more` verifiers after its own.
    package func adding(_ more: [any Verifier<Item>]) -> Self {
        var copy = self
        copy.verifiers += more
        return copy
    }

    /// Runs every verifier over `items` on the caller's task, in order.
    /// - Throws: the first ``VerificationFailure``.
    package func verifySequentially(_ items: [Item], in context: VerificationContext) throws(VerificationFailure) {
        for verifier in ordered { try verifier.verify(items[...], in: context) }
    }

    /// Runs every verifier over `items`, the per-item ones across cores when the list is large.
    /// - Throws: a ``VerificationFailure``: the one with the lowest index among those found before the rest was
    ///   cancelled; also when the calling task is cancelled before every item was checked.
    package func verify(_ items: [Item], in context: VerificationContext) async throws(VerificationFailure) {
        let (wholeList, perItem) = split
        for verifier in wholeList { try verifier.verify(items[...], in: context) }
        let parts = Self.parts(count: items.count, workers: maxConcurrency, minimumPart: minimumPart)
        guard !perItem.isEmpty, parts.count > 1 else {
            for verifier in perItem { try verifier.verify(items[...], in: context) }
            return
        }
        let step = minimumPart
        let (failure, cancelled) = await withTaskGroup(of: PartOutcome.self) { group -> (VerificationFailure?, Bool) in
            // At most `maxConcurrency` parts in flight; the next starts when one ends, none after a failure.
            var next = 0
            while next < min(maxConcurrency, parts.count) {
                let part = parts[next]
                group.addTask { await Self.check(items, part, perItem, context, step: step) }
                next += 1
            }
            var first: VerificationFailure?
            var cancelled = false
            while let result = await group.next() {
                switch result {
                case .passed:
                    break
                case .cancelled:
                    cancelled = true
                case .failed(let failure):
                    if let current = first {
                        if (failure.index ?? Int.max) < (current.index ?? Int.max) { first = failure }
                    } else {
                        group.cancelAll()
                        first = failure
                    }
                }
                if first == nil && next < parts.count {
                    let part = parts[next]
                    group.addTask { await Self.check(items, part, perItem, context, step: step) }
                    next += 1
                }
            }
            return (first, cancelled || (first == nil && next < parts.count))
        }
        if let failure { throw failure }
        // The caller was cancelled: not every item was checked, so nothing may be taken as verified.
        if cancelled { throw .cancelled }
    }

    /// How one part ended.
    private enum PartOutcome: Sendable {
        case passed
        case failed(VerificationFailure)
        case cancelled
    }

    private var ordered: [any Verifier<Item>] {
        let (wholeList, perItem) = split
        return wholeList + perItem
    }

    /// The verifiers by cost, each verifier's cost read once (so none falls between the two lists).
    var split: (wholeList: [any Verifier<Item>], perItem: [any Verifier<Item>]) {
        var wholeList: [any Verifier<Item>] = []
        var perItem: [any Verifier<Item>] = []
        for verifier in verifiers {
            if verifier.cost == .perItem { perItem.append(verifier) } else { wholeList.append(verifier) }
        }
        return (wholeList, perItem)
    }

    /// `count` items in contiguous parts: as many as `workers` allows, each at least `minimumPart` long, and four
    /// per worker when the list is long enough, so a worker that finishes early takes another.
    static func parts(count: Int, workers: Int, minimumPart: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let workers = min(max(1, workers), 64)
        let wanted = min(count / max(minimumPart, 1), workers > 1 ? workers * 4 : 1)
        let partCount = max(1, wanted)
        let size = (count + partCount - 1) / partCount
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }

    /// Runs `verifiers` over `items[part]` in steps of `step` items, yielding and looking at cancellation between
    /// steps, so a failure elsewhere stops this part soon and a large list does not hold the pool's threads.
    private static func check(
        _ items: [Item], _ part: Range<Int>, _ verifiers: [any Verifier<Item>], _ context: VerificationContext,
        step: Int
    ) async -> PartOutcome {
        for verifier in verifiers {
            for range in steps(part, size: step) {
                await Task.yield()
                if Task.isCancelled { return .cancelled }
                do { try verifier.verify(items[range], in: context) } catch { return .failed(error) }
            }
        }
        return .passed
    }

    private static func steps(_ range: Range<Int>, size: Int) -> [Range<Int>] {
        let size = max(1, size)
        return stride(from: range.lowerBound, to: range.upperBound, by: size).map {
            $0..<min($0 + size, range.upperBound)
        }
    }
}
