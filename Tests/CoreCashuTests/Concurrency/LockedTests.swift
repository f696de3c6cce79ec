// Tests for Concurrency/Locked.swift. Under `scripts/test --sanitize thread` the contended tests also show that
// ThreadSanitizer sees the lock: an unseen lock makes every increment a reported race.

import Foundation
import Testing

import CashuEngine

@Suite("Locked")
struct LockedTests {
    @Test func contendedIncrementsFromManyTasksGiveTheExactCount() async {
        let count = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    for _ in 0..<1_000 { count.withLock { $0 += 1 } }
                }
            }
        }
        #expect(count.withLock { $0 } == 32_000)
    }

    @Test func contendedIncrementsFromManyThreadsGiveTheExactCount() {
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            for _ in 0..<1_000 { count.withLock { $0 += 1 } }
        }
        #expect(count.withLock { $0 } == 16_000)
    }

    @Test func aBodyReadsAndWritesTheWholeValueAtOnce() async {
        // Each body moves one unit between two fields: no reader ever sees the total change.
        let accounts = Locked((left: 1_000, right: 0))
        let totals = await withTaskGroup(of: [Int].self) { group in
            for index in 0..<8 {
                group.addTask {
                    (0..<500).map { _ in
                        accounts.withLock { pair in
                            if index.isMultiple(of: 2) { (pair.left, pair.right) = (pair.left - 1, pair.right + 1) }
                            else { (pair.left, pair.right) = (pair.left + 1, pair.right - 1) }
                            return pair.left + pair.right
                        }
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(totals.count == 4_000)
        #expect(totals.allSatisfy { $0 == 1_000 })
    }

    @Test func returnsTheBodysResult() {
        let names = Locked<[String]>(["a"])
        let count = names.withLock { names in
            names.append("b")
            return names.count
        }
        #expect(count == 2)
        #expect(names.withLock { $0 } == ["a", "b"])
    }

    @Test func aTypedErrorLeavesTheLockFreeAndKeepsWritesMadeBeforeIt() {
        struct Refused: Error, Equatable {}
        let value = Locked(1)
        #expect(throws: Refused.self) {
            try value.withLock { (value: inout Int) throws(Refused) in
                value = 2
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == 2)
    }

    @Test func holdsAValueThatIsNotSendable() {
        final class Counter { var hits = 0 }
        let counter = Locked(Counter())
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            counter.withLock { $0.hits += 1 }
        }
        #expect(counter.withLock { $0.hits } == 4)
    }
}
