// End to end: `cashu daemon run` against a real mint, with a socket listening where NOTIFY_SOCKET points as systemd
// does — ready, watchdog pings, a quote paid while it runs minted with no command, SIGTERM: stopping, exit 0 in 5 s.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("cashu daemon run", .serialized, .timeLimit(.minutes(3)))
struct DaemonRunTests {
    @Test("ready and watchdog; a quote paid meanwhile is minted without a command; SIGTERM stops it within 5 s")
    func runsAndStops() async throws {
        let mint = try await TestMint.shared
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("mints", "add", mint.url.rawValue)
        // A real notification service on the session bus, when this machine can run one.
        if TestDesktop.unavailableReason == nil { try await TestDesktop.start() }
        let (running, notify) = try wallet.startService(environment: ["WATCHDOG_USEC": "1000000"])
        do { try await Self.whileRunning(wallet, running, notify) } catch {
            running.signal(SIGKILL)
            _ = await running.wait()
            throw error
        }
    }

    static func whileRunning(_ wallet: CLIWallet, _ running: RunningCLI, _ notify: NotifySocket) async throws {
        let ready = await notify.wait(for: "READY=1", timeout: .seconds(60))
        #expect(ready != nil, "\(running.stderrSoFar)")
        #expect(await notify.wait(for: "WATCHDOG=1", timeout: .seconds(5)) != nil)

        // A quote made by another command and paid at the mint, with nobody waiting for it.
        let quote = try await wallet.json("mint", "40", "--no-wait")
        #expect(quote.string("quote") != nil, "\(quote)")
        #expect(try await wallet.waitForBalance(40) == 40, "\(running.stderrSoFar)")
        if TestDesktop.unavailableReason == nil {
            // The desktop heard of it (posted from its own thread: give it a moment).
            var shown: [TestDesktop.Notification] = []
            for _ in 0..<20 where !shown.contains(where: { $0.summary == "Received 40 sat" }) {
                try await Task.sleep(for: .milliseconds(250))
                shown = try await TestDesktop.notifications()
            }
            #expect(shown.contains { $0.application == "cashu" && $0.summary == "Received 40 sat" }, "\(shown)")
        }

        // A command waiting for its own quote while the service watches it too: whoever mints, the command reports it.
        let waited = try await wallet.json("mint", "16")
        #expect(waited.uint("minted") == 16, "\(waited)")
        #expect(try await wallet.json("balance").uint("total") == 56)

        // The timer's refresh leaves the wallet to the running service; a refresh asked for by hand still runs.
        let skipped = try await wallet.json("refresh", "--unless-service")
        #expect(skipped.string("skipped") == "service running", "\(skipped)")
        #expect(try await wallet.json("refresh")["errors"] != nil)

        let stopping = ContinuousClock.now
        running.signal(SIGTERM)
        #expect(await notify.wait(for: "STOPPING=1", timeout: .seconds(5)) != nil)
        let outcome = await running.wait()
        #expect(outcome.status == 0, "\(outcome)")
        #expect(ContinuousClock.now - stopping < .seconds(5))
        #expect(try await wallet.json("refresh", "--unless-service")["skipped"] == nil)
    }
}

extension DaemonRunTests {
    @Test(
        "the service SIGKILLed while minting a paid quote loses nothing: the next command settles it",
        arguments: ["journaled:mint", "answered:mint"])
    func killedWhileMinting(at point: String) async throws {
        let mint = try await TestMint.shared
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("mints", "add", mint.url.rawValue)
        _ = try await wallet.json("mint", "24", "--no-wait")
        let (running, _) = try wallet.startService(environment: ["CASHU_TEST_KILL_AT": point])
        let outcome = await running.wait()
        #expect(outcome.status == 128 + SIGKILL, "\(outcome)")
        // Any command resumes the journaled mint.
        #expect(try await wallet.json("balance").uint("total") == 24)
        let history = try await wallet.run("history", "--json")
        #expect(history.status == 0 && !history.stdout.contains("\"pending\""), "\(history.stdout)")
    }
}

extension DaemonRunTests {
    @Test("two services on one wallet share the work: a paid quote is minted once")
    func twoServicesMintOnce() async throws {
        let mint = try await TestMint.shared
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("mints", "add", mint.url.rawValue)
        var services: [RunningCLI] = []
        var sockets: [NotifySocket] = []
        for _ in 0..<2 {
            let (service, notify) = try wallet.startService()
            sockets.append(notify)
            services.append(service)
        }
        do {
            for notify in sockets { #expect(await notify.wait(for: "READY=1", timeout: .seconds(60)) != nil) }
            _ = try await wallet.json("mint", "32", "--no-wait")
            var balance: UInt64 = 0
            let deadline = ContinuousClock.now + .seconds(30)
            while balance < 32 && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(500))
                balance = try await wallet.json("balance").uint("total") ?? 0
            }
            try await Task.sleep(for: .seconds(2))
            #expect(try await wallet.json("balance").uint("total") == 32)
            let entries = try await wallet.json("history")["entries"] as? [[String: Any]] ?? []
            let mints = entries.filter { $0["kind"] as? String == "mint" }
            #expect(mints.count == 1 && mints.first?["state"] as? String == "done", "\(entries)")
        } catch {
            for service in services { service.signal(SIGKILL) }
            for service in services { _ = await service.wait() }
            throw error
        }
        for service in services { service.signal(SIGTERM) }
        for service in services { #expect(await service.wait().status == 0) }
    }
}
