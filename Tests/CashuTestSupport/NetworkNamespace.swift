// Test support: a network namespace joined to this one by a veth pair (iproute2 `ip netns`), for tests that cut a
// mint's network: the mint runs inside (TestMint with MINT_NETNS), the wallet outside reaches it over the pair.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A namespace `cashunet-<pid>-<hex>` with a veth pair: `hostInterface` (here, `hostAddress`) and
/// `namespaceInterface` (inside, `namespaceAddress`) in one /30 of 10.213.0.0/16.
///
/// An `unreachable` route for the /30 (metric 4213) stays behind the pair's own route, so that with the host side
/// down a connection fails at once (ENETUNREACH) instead of following the default route (which on some machines
/// leads to a proxy that answers everything). Everything is removed by ``remove()``; ``removeLeftovers()`` removes
/// what a killed test process left (namespaces of dead pids, routes of vanished pairs).
package final class NetworkNamespace: Sendable, CustomStringConvertible {
    /// Why a namespace could not be set up.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package let name: String
    package let hostInterface: String
    package let namespaceInterface: String
    package let hostAddress: String
    package let namespaceAddress: String
    /// The pair's /30, e.g. `10.213.17.8/30`.
    package let subnet: String

    package var description: String {
        "NetworkNamespace(\(name), \(hostInterface) \(hostAddress) ↔ \(namespaceAddress))"
    }

    static let prefix = "cashunet-"
    static let routeMetric = "4213"

    private init(name: String, tag: String, third: Int, fourth: Int) {
        self.name = name
        hostInterface = "cnh\(tag)"
        namespaceInterface = "cnn\(tag)"
        hostAddress = "10.213.\(third).\(fourth + 1)"
        namespaceAddress = "10.213.\(third).\(fourth + 2)"
        subnet = "10.213.\(third).\(fourth)/30"
    }

    /// iproute2's `ip`, where Debian and Ubuntu put it.
    package static let ipPath: String? = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Why namespaces cannot be used here (not root, no iproute2, `ip netns` refused), or `nil` when they can.
    package static let unavailableReason: String? = {
        guard geteuid() == 0 else { return "network namespace tests need root (run as root, as CI does)" }
        guard let ip = ipPath else { return "iproute2's ip is not installed (scripts/bootstrap installs it)" }
        guard let outcome = try? ScriptRunner.runBlocking(ip, ["netns", "list"], [:]), outcome.status == 0 else {
            return "`ip netns list` fails here"
        }
        return nil
    }()

    /// Whether ``create()`` can work here.
    package static var isAvailable: Bool { unavailableReason == nil }

    /// Creates a namespace with its veth pair up, addresses set and loopback up inside.
    package static func create() async throws -> NetworkNamespace {
        await removeLeftovers()
        let tag = String(UInt32.random(in: 0...0xff_ffff), radix: 16)
        let used = try await ip(["-4", "-o", "addr", "show"]).standardOutput
        var namespace: NetworkNamespace
        repeat {
            namespace = NetworkNamespace(
                name: "\(prefix)\(getpid())-\(tag)",
                tag: tag,
                third: Int.random(in: 0...255),
                fourth: 4 * Int.random(in: 0...63)
            )
        } while used.contains("10.213.\(namespace.subnet.split(separator: ".")[2]).")
        do {
            try await namespace.setUp()
        } catch {
            await namespace.remove()
            throw error
        }
        return namespace
    }

    private func setUp() async throws {
        try await Self.ip(["netns", "add", name])
        try await Self.ip([
            "link", "add", hostInterface, "type", "veth", "peer", "name", namespaceInterface, "netns", name,
        ])
        try await Self.ip(["addr", "add", "\(hostAddress)/30", "dev", hostInterface])
        try await Self.ip(["route", "add", "unreachable", subnet, "metric", Self.routeMetric])
        try await Self.ip(["-n", name, "addr", "add", "\(namespaceAddress)/30", "dev", namespaceInterface])
        try await Self.ip(["-n", name, "link", "set", "lo", "up"])
        try await Self.ip(["-n", name, "link", "set", namespaceInterface, "up"])
        try await Self.ip(["link", "set", hostInterface, "up"])
    }

    /// Sets the host side of the pair up or down (`ip link set <veth> up|down`).
    package func setHostLink(up: Bool) async throws {
        try await Self.ip(["link", "set", hostInterface, up ? "up" : "down"])
    }

    /// Kills what still runs inside, deletes the namespace (which takes the veth pair with it) and the route.
    package func remove() async {
        await Self.removeNamespace(name)
        _ = try? await Self.ip(["link", "del", hostInterface])
        _ = try? await Self.ip(["route", "del", "unreachable", subnet, "metric", Self.routeMetric])
    }

    /// Removes namespaces of test processes that are gone, and routes whose pair is gone.
    package static func removeLeftovers() async {
        guard let listed = try? await ip(["netns", "list"]).standardOutput else { return }
        for line in listed.split(separator: "\n") {
            guard let name = line.split(separator: " ").first.map(String.init), name.hasPrefix(prefix) else { continue }
            let pidText = name.dropFirst(prefix.count).split(separator: "-").first.map(String.init) ?? ""
            guard let pid = Int32(pidText), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            await removeNamespace(name)
        }
        guard let routes = try? await ip(["-4", "route", "show", "type", "unreachable"]).standardOutput,
            let addresses = try? await ip(["-4", "-o", "addr", "show"]).standardOutput
        else { return }
        for line in routes.split(separator: "\n") where line.contains("metric \(routeMetric)") {
            let fields = line.split(separator: " ")
            guard fields.count > 1, fields[1].hasPrefix("10.213.") else { continue }
            let subnet = String(fields[1])
            let base = subnet.split(separator: "/")[0].split(separator: ".")
            guard base.count == 4, let last = Int(base[3]) else { continue }
            let members = (1...2).map { "\(base[0]).\(base[1]).\(base[2]).\(last + $0)/30" }
            if !members.contains(where: { addresses.contains(" \($0) ") }) {
                _ = try? await ip(["route", "del", "unreachable", subnet, "metric", routeMetric])
            }
        }
    }

    private static func removeNamespace(_ name: String) async {
        if let pids = try? await ip(["netns", "pids", name]).standardOutput {
            for pid in pids.split(separator: "\n").compactMap({ Int32($0) }) { kill(pid, SIGKILL) }
        }
        _ = try? await ip(["netns", "del", name])
    }

    @discardableResult
    package static func ip(_ arguments: [String]) async throws -> ScriptRunner.Outcome {
        guard let path = ipPath else { throw Failure(description: "iproute2's ip is not installed") }
        let outcome = try await ScriptRunner.run(path, arguments: arguments, environment: [:])
        guard outcome.status == 0 else {
            throw Failure(
                description:
                    "ip \(arguments.joined(separator: " ")) failed (\(outcome.status)): \(outcome.standardError)"
            )
        }
        return outcome
    }
}
