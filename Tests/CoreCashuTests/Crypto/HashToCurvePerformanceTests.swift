// Timing of Crypto/HashToCurve.swift; runs only with CASHU_BENCH=1 (meaningful in a release build).

import Foundation
import Testing

@testable import CoreCashu

@Suite("HashToCurve timing", .enabled(if: ProcessInfo.processInfo.environment["CASHU_BENCH"] == "1"))
struct HashToCurvePerformanceTests {
    @Test func microsecondsPerCall() throws {
        // 64-hex-character secrets, as NUT-00 recommends; distinct so the counters used vary like real ones.
        let secrets = (0..<2_000).map { i in Hex.encode(Array(repeating: UInt8(truncatingIfNeeded: i), count: 32)) }
        var sink = 0
        for s in secrets.prefix(200) { sink &+= Int(try HashToCurve.point(secret: s).compressedRepresentation[1]) }
        var best = Double.infinity
        for _ in 0..<5 {
            let start = ContinuousClock.now
            for s in secrets { sink &+= Int(try HashToCurve.point(secret: s).hasEvenY ? 1 : 0) }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            best = min(best, seconds / Double(secrets.count) * 1e6)
        }
        print("hash_to_curve: \(String(format: "%.2f", best)) µs/call (best of 5 × \(secrets.count)), sink \(sink)")
    }
}
