// Tests of Reachability/NetlinkReachabilityMonitor.swift on a real network: a Nutshell mint inside a network
// namespace behind a veth pair; taking the link down and up is seen through rtnetlink and the probe.

import CashuTestSupport
import CoreCashu
import Testing

@testable import LinuxCashu

@Suite(
    "Reachability through a network namespace",
    .enabled(if: NetworkNamespace.isAvailable, "\(NetworkNamespace.unavailableReason ?? "")"),
    .timeLimit(.minutes(5))
)
struct NamespaceReachabilityTests {
    @Test func linkDownMakesTheMintUnreachableAndUpMakesItReachableAgain() async throws {
        let namespace = try await NetworkNamespace.create()
        do {
            let mint = try await TestMint.start(in: namespace)
            let client = OwnedHTTPClient(MintInfoProbe.makeHTTPClient())
            // Slow steady probes and a long backoff: only a netlink event can explain a quick change.
            let monitor = NetlinkReachabilityMonitor(
                probe: MintInfoProbe(httpClient: client.client),
                configuration: ReachabilityConfiguration(
                    reachableInterval: .seconds(600),
                    initialBackoff: .seconds(600),
                    maximumBackoff: .seconds(600)
                )
            )
            try await monitor.start()
            let updates = await monitor.updates()
            let url = mint.url
            await monitor.watch(url)
            #expect(await updates.first(within: .seconds(60)) { $0.mint == url && $0.state.isReachable } != nil)

            try await namespace.setHostLink(up: false)
            let down = await updates.first(within: .seconds(60)) { $0.mint == url && $0.state.isUnreachable }
            #expect(down != nil, "no unreachable update after the link went down")
            #expect(await monitor.networkEventCount > 0)

            try await namespace.setHostLink(up: true)
            #expect(
                await updates.first(within: .seconds(60)) { $0.mint == url && $0.state.isReachable } != nil,
                "no reachable update after the link came back"
            )
            #expect(await monitor.state(of: url) == .reachable)

            await monitor.shutdown()
            await client.shutdown()
            await mint.stop()
        } catch {
            await namespace.remove()
            throw error
        }
        await namespace.remove()
    }

    /// The reader thread turns real kernel messages (link down/up, address removed/added) into events.
    @Test func realKernelMessagesBecomeEvents() async throws {
        let namespace = try await NetworkNamespace.create()
        do {
            let source = try NetlinkEventSource()
            try await namespace.setHostLink(up: false)
            try await NetworkNamespace.ip([
                "addr", "del", "\(namespace.hostAddress)/30", "dev", namespace.hostInterface,
            ])
            try await NetworkNamespace.ip([
                "addr", "add", "\(namespace.hostAddress)/30", "dev", namespace.hostInterface,
            ])
            try await namespace.setHostLink(up: true)
            let name = namespace.hostInterface
            let address = namespace.hostAddress
            let collected = Task {
                var seen: (down: Bool, up: Bool, removed: Bool, added: Bool) = (false, false, false, false)
                for await event in source.events {
                    switch event {
                    case .link(let link) where link.name == name:
                        if link.isUp { seen.up = true } else { seen.down = true }
                    case .address(let change) where change.address == address:
                        if change.removed { seen.removed = true } else { seen.added = true }
                    default: break
                    }
                    if seen.down && seen.up && seen.removed && seen.added { return true }
                }
                return false
            }
            let timeout = Task {
                try? await Task.sleep(for: .seconds(60))
                await source.shutdown()
            }
            #expect(await collected.value)
            timeout.cancel()
            await source.shutdown()
        } catch {
            await namespace.remove()
            throw error
        }
        await namespace.remove()
    }
}
