// Tests of Reachability/NetlinkReachabilityMonitor.swift with a scripted probe: states, updates, backoff resets on
// a network event, watch/unwatch and shutdown. (The real network: NamespaceReachabilityTests.)

import CoreCashu
import Testing

@testable import CashuServices
@testable import LinuxCashu

@Suite("Reachability monitor")
struct NetlinkReachabilityMonitorTests {
    let mint = try! MintURL("http://mint.test:3338")
    let fast = ReachabilityConfiguration(
        reachableInterval: .milliseconds(50),
        initialBackoff: .milliseconds(20),
        maximumBackoff: .milliseconds(100),
        settleDelay: .milliseconds(10)
    )
    let failure = MintReachability.unreachable(ReachabilityFailure(code: .unreachable, reason: "scripted"))

    @Test func watchedMintsArePublishedAsTheirStateChanges() async throws {
        let probe = ScriptedProbe()
        probe.set(mint, .reachable)
        let monitor = NetlinkReachabilityMonitor(probe: probe, configuration: fast)
        let updates = await monitor.updates()
        await monitor.watch(mint)
        let mint = self.mint
        #expect(await updates.first(within: .seconds(30)) { $0.mint == mint && $0.state == .reachable } != nil)
        #expect(await monitor.state(of: mint) == .reachable)

        probe.set(mint, failure)
        #expect(await updates.first(within: .seconds(30)) { $0.state.isUnreachable } != nil)
        #expect(await monitor.state(of: mint).isUnreachable)

        probe.set(mint, .reachable)
        #expect(await updates.first(within: .seconds(30)) { $0.state.isReachable } != nil)
        await monitor.shutdown()
    }

    @Test func aNewSubscriberGetsTheCurrentStatesFirst() async {
        let probe = ScriptedProbe()
        probe.set(mint, .reachable)
        let monitor = NetlinkReachabilityMonitor(probe: probe, configuration: fast)
        #expect(await monitor.probeNow(mint) == .reachable)
        let mint = self.mint
        let updates = await monitor.updates()
        let first = await updates.first(within: .seconds(30)) { $0.mint == mint }
        #expect(first?.state == .reachable)
        await monitor.shutdown()
    }

    @Test func unwatchedMintsAreUnknownAndNoLongerProbed() async throws {
        let probe = ScriptedProbe()
        let monitor = NetlinkReachabilityMonitor(probe: probe, configuration: fast)
        #expect(await monitor.state(of: mint) == .unknown)
        await monitor.watch(mint)
        await monitor.unwatch(mint)
        #expect(await monitor.state(of: mint) == .unknown)
        #expect(await monitor.states().isEmpty)
        let probed = probe.count(mint)
        try await Task.sleep(for: .milliseconds(300))
        #expect(probe.count(mint) <= probed + 1)  // at most the probe that was under way
        await monitor.shutdown()
    }

    @Test func shutdownFinishesStreamsAndIgnoresLaterWatches() async throws {
        let monitor = NetlinkReachabilityMonitor(probe: ScriptedProbe(), configuration: fast)
        try await monitor.start(netlink: false)
        let updates = await monitor.updates()
        await monitor.watch(mint)
        await monitor.shutdown()
        var count = 0
        for await _ in updates { count += 1 }  // ends
        #expect(count <= 2)
        await monitor.watch(mint)
        #expect(await monitor.states().isEmpty)
        await #expect(throws: ReachabilityError.self) { try await monitor.start() }
        let late = await monitor.updates()
        for await _ in late { Issue.record("a stream after shutdown must be finished") }
        await monitor.shutdown()
    }

    /// The netlink socket opens here (root namespace) and closes at shutdown.
    @Test func netlinkOpensAndClosesCleanly() async throws {
        let monitor = NetlinkReachabilityMonitor(probe: ScriptedProbe(), configuration: fast)
        try await monitor.start()
        #expect(await monitor.isListeningToNetlink)
        await monitor.shutdown()
        #expect(await !monitor.isListeningToNetlink)
    }

    /// A stop request without waiting (a monitor's deinit) ends the reader thread and its stream.
    @Test func aStopRequestEndsTheReaderThread() async throws {
        let source = try NetlinkEventSource()
        source.requestStop()
        source.requestStop()
        for await _ in source.events {}
        await source.shutdown()
    }
}
