// Tests of Reachability/ProbeSchedule.swift: steady while reachable, exponential and capped while not, jitter bounded.

import CoreCashu
import Testing

@testable import CashuServices
@testable import LinuxCashu

@Suite("Probe schedule")
struct ProbeScheduleTests {
    let schedule = ProbeSchedule(
        configuration: ReachabilityConfiguration(
            reachableInterval: .seconds(60),
            initialBackoff: .seconds(1),
            maximumBackoff: .seconds(30),
            jitter: 0.2
        )
    )
    let down = MintReachability.unreachable(ReachabilityFailure(code: .unreachable, reason: "refused"))

    @Test func backoffDoublesUpToTheCap() {
        #expect(
            (1...7).map { schedule.backoff(failures: $0) }
                == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30)]
        )
        #expect(schedule.backoff(failures: 10_000) == .seconds(30))
    }

    @Test func reachableMintsAreProbedSteadily() {
        #expect(schedule.delay(after: .reachable, failures: 0, random: 0.5) == .seconds(60))
        #expect(schedule.delay(after: down, failures: 3, random: 0.5) == .seconds(4))
    }

    @Test func jitterStaysWithinItsFraction() {
        #expect(schedule.delay(after: down, failures: 4, random: 0) == .seconds(8) * 0.8)
        #expect(schedule.delay(after: down, failures: 4, random: 1) == .seconds(8) * 1.2)
        for _ in 0..<100 {
            let delay = schedule.delay(after: down, failures: 2, random: Double.random(in: 0..<1))
            #expect(delay >= .milliseconds(1600) && delay <= .milliseconds(2400))
        }
    }

    @Test func configurationClampsJitter() {
        #expect(ReachabilityConfiguration(jitter: 5).jitter == 1)
        #expect(ReachabilityConfiguration(jitter: -1).jitter == 0)
    }
}
