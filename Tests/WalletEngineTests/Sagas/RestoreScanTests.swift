// Engine tests: the batches a restore asks for and the counters it leaves (NUT-09, NUT-13).

@testable import CashuEngine
import Testing

@Suite("RestoreScan")
struct RestoreScanTests {
    /// Runs a scan to its end, answering each batch from `signed` (keyset index → counters the mint signed).
    private func run(keysets: Int, batch: Int = 10, gap: Int = 3, signed: [Int: Set<UInt64>]) -> (
        actions: [RestoreScan.Action], requests: Int
    ) {
        var scan = RestoreScan(keysetCount: keysets, batchSize: batch, gapLimit: gap)
        var actions: [RestoreScan.Action] = []
        var action = scan.start()
        while action != .finish, actions.count < 1000 {
            actions.append(action)
            switch action {
            case .restore(let keyset, let counters):
                let hits = counters.filter { signed[keyset]?.contains($0) ?? false }
                action = scan.handle(.restored(signedCounters: hits))
            case .raiseCounter:
                action = scan.handle(.counterRaised)
            case .finish:
                break
            }
        }
        return (actions, scan.requests)
    }

    @Test("no keysets: nothing to ask")
    func noKeysets() {
        var scan = RestoreScan(keysetCount: 0, batchSize: 100, gapLimit: 3)
        #expect(scan.start() == .finish)
    }

    @Test("an empty keyset stops after the gap limit of empty batches and raises no counter")
    func emptyKeysetStopsAtTheGap() {
        let (actions, requests) = run(keysets: 1, signed: [:])
        #expect(requests == 3)
        #expect(
            actions == [
                .restore(keyset: 0, counters: 0..<10), .restore(keyset: 0, counters: 10..<20),
                .restore(keyset: 0, counters: 20..<30),
            ])
    }

    @Test("hits reset the gap; the counter is raised past the last hit")
    func hitsResetTheGap() {
        let (actions, requests) = run(keysets: 1, signed: [0: [3, 25]])
        #expect(requests == 6)
        #expect(actions.last == .raiseCounter(keyset: 0, to: 26))
    }

    @Test("every keyset is scanned, each from counter 0")
    func everyKeysetScanned() {
        let (actions, _) = run(keysets: 3, signed: [1: [0]])
        let firsts = actions.filter {
            if case .restore(_, let counters) = $0 { return counters.lowerBound == 0 }
            return false
        }
        #expect(firsts == [0, 1, 2].map { .restore(keyset: $0, counters: 0..<10) })
        #expect(actions.contains(.raiseCounter(keyset: 1, to: 1)))
        #expect(!actions.contains { if case .raiseCounter(let keyset, _) = $0 { keyset != 1 } else { false } })
    }

    @Test("a gap limit of 0 asks nothing", arguments: [0, -1])
    func gapOfZero(_ gap: Int) {
        var scan = RestoreScan(keysetCount: 2, batchSize: 10, gapLimit: gap)
        #expect(scan.start() == .finish)
    }

    @Test("a gap limit of 1 stops at the first empty batch")
    func gapOfOne() {
        #expect(run(keysets: 1, gap: 1, signed: [0: [5]]).requests == 2)
    }

    @Test("a batch size below 1 is taken as 1", arguments: [0, -5])
    func tinyBatches(_ size: Int) {
        var scan = RestoreScan(keysetCount: 1, batchSize: size, gapLimit: 1)
        #expect(scan.start() == .restore(keyset: 0, counters: 0..<1))
    }

    @Test("the highest signed counter wins whatever order the mint answers in")
    func highestCounterWins() {
        var scan = RestoreScan(keysetCount: 1, batchSize: 100, gapLimit: 1)
        _ = scan.start()
        _ = scan.handle(.restored(signedCounters: [90, 7, 42]))
        #expect(scan.handle(.restored(signedCounters: [])) == .raiseCounter(keyset: 0, to: 91))
    }
}
