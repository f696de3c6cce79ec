// End to end on a real network: a Nutshell mint in a network namespace, `cashu daemon run` outside. The link goes
// down, `cashu pay` queues the payment, the link comes back, and the service pays it within 10 s with no other
// command run.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite(
    "cashu daemon run: a payment queued offline",
    .enabled(if: NetworkNamespace.isAvailable, "\(NetworkNamespace.unavailableReason ?? "")"),
    .serialized, .timeLimit(.minutes(4))
)
struct DaemonQueueNamespaceTests {
    @Test("link down: pay queues; link up: the service pays within 10 s")
    func queuedPaymentRunsWhenTheLinkIsBack() async throws {
        let namespace = try await NetworkNamespace.create()
        do {
            let mint = try await TestMint.start(in: namespace)
            do { try await Self.scenario(namespace, mint) } catch {
                await mint.stop()
                throw error
            }
            await mint.stop()
        } catch {
            await namespace.remove()
            throw error
        }
        await namespace.remove()
    }

    static func scenario(_ namespace: NetworkNamespace, _ mint: TestMint) async throws {
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("mints", "add", mint.url.rawValue)
        #expect(try await wallet.json("mint", "300").uint("amount") == 300)
        let invoice = try await TestMint.externalInvoice(amount: 50)

        let (daemon, notify) = try wallet.startService()
        do { try await Self.payOffline(namespace, wallet, invoice, daemon, notify) } catch {
            daemon.signal(SIGKILL)
            _ = await daemon.wait()
            throw error
        }
    }

    static func payOffline(
        _ namespace: NetworkNamespace, _ wallet: CLIWallet, _ invoice: String, _ daemon: RunningCLI,
        _ notify: NotifySocket
    ) async throws {
        #expect(await notify.wait(for: "READY=1", timeout: .seconds(60)) != nil, "\(daemon.stderrSoFar)")
        // Give the service's first scan a moment to watch the mint.
        try await Task.sleep(for: .seconds(2))

        try await namespace.setHostLink(up: false)
        let queued = try await wallet.json("pay", invoice, "--yes")
        #expect(queued.string("state") == "queued", "\(queued)")
        try await Task.sleep(for: .seconds(1))

        try await namespace.setHostLink(up: true)
        let back = ContinuousClock.now
        var total: UInt64 = 300
        while total == 300 && ContinuousClock.now - back < .seconds(20) {
            try await Task.sleep(for: .milliseconds(250))
            total = try await wallet.json("balance").uint("total") ?? 300
        }
        let took = ContinuousClock.now - back
        #expect(total < 250 && total >= 240, "balance \(total): \(daemon.stderrSoFar)")
        #expect(took < .seconds(10), "paid \(took) after the link came back")

        daemon.signal(SIGTERM)
        let outcome = await daemon.wait()
        #expect(outcome.status == 0, "\(outcome)")
    }
}
