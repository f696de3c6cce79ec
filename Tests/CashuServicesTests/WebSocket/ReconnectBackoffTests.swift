// Tests of WebSocket/ReconnectBackoff.swift: exponential growth, the cap, and the jitter's bounds.

import Testing

@testable import CashuServices

@Suite("Reconnect backoff")
struct ReconnectBackoffTests {
    @Test("Without jitter the delay doubles from the initial one up to the cap")
    func grows() {
        let backoff = ReconnectBackoff(initial: .milliseconds(100), maximum: .seconds(1), multiplier: 2, jitter: 0)
        let delays = (0..<8).map { backoff.delay(attempt: $0, random: 0.5) }
        #expect(delays.prefix(4) == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800)])
        #expect(delays.dropFirst(4).allSatisfy { $0 == .seconds(1) })
    }

    @Test("Jitter spreads the delay by at most its fraction, both ways")
    func jitterBounds() {
        let backoff = ReconnectBackoff(initial: .seconds(1), maximum: .seconds(10), multiplier: 2, jitter: 0.2)
        #expect(backoff.delay(attempt: 0, random: 0) == .milliseconds(800))
        #expect(backoff.delay(attempt: 0, random: 1) == .milliseconds(1200))
        for _ in 0..<200 {
            let delay = backoff.delay(attempt: 3)
            #expect(delay >= .milliseconds(6400) && delay <= .milliseconds(9600))
        }
    }

    @Test("Huge attempt counts and odd settings stay finite and non-negative")
    func saneBounds() {
        let backoff = ReconnectBackoff(initial: .seconds(-1), maximum: .seconds(5), multiplier: .infinity, jitter: 7)
        #expect(backoff.delay(attempt: Int.max, random: 1) <= .seconds(10))
        #expect(backoff.delay(attempt: -3, random: 0) >= .zero)
        #expect(ReconnectBackoff().delay(attempt: 1_000_000) <= .seconds(36))
    }
}
