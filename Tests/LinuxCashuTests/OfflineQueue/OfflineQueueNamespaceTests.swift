// The offline queue end to end on a real network: a Nutshell mint in a network namespace; with its link down a
// receive is queued durably, survives a restart, and runs exactly once when the link comes back.

import AsyncHTTPClient
import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices
@testable import LinuxCashu

@Suite(
    "Offline queue through a network namespace",
    .enabled(if: NetworkNamespace.isAvailable, "\(NetworkNamespace.unavailableReason ?? "")"),
    .timeLimit(.minutes(5))
)
struct OfflineQueueNamespaceTests {
    /// A receiving wallet with its monitor and queue, as the façade wires them.
    struct Receiver {
        let wallet: QueueTestWallet
        let probeClient: OwnedHTTPClient
        let monitor: NetlinkReachabilityMonitor
        let queue: OfflineQueue

        static func open(directory: URL? = nil) async throws -> Receiver {
            let wallet = try await QueueTestWallet.open(directory: directory)
            let probeClient = OwnedHTTPClient(MintInfoProbe.makeHTTPClient())
            let monitor = NetlinkReachabilityMonitor(
                probe: MintInfoProbe(httpClient: probeClient.client),
                configuration: ReachabilityConfiguration(
                    reachableInterval: .seconds(600),
                    initialBackoff: .seconds(1),
                    maximumBackoff: .seconds(2)
                )
            )
            try await monitor.start()
            let queue = OfflineQueue(wallet: wallet.wallet, store: wallet.store, monitor: monitor)
            return Receiver(wallet: wallet, probeClient: probeClient, monitor: monitor, queue: queue)
        }

        func close() async {
            await queue.stop()
            await monitor.shutdown()
            await probeClient.shutdown()
            await wallet.close()
        }
    }

    @Test func aQueuedReceiveSurvivesARestartAndCompletesOnceWhenTheMintIsBack() async throws {
        let namespace = try await NetworkNamespace.create()
        do {
            let mint = try await TestMint.start(in: namespace)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "cashu-queue-\(UUID().uuidString)"
            )
            do {
                try await scenario(namespace, mint, directory)
            } catch {
                await mint.stop()
                try? FileManager.default.removeItem(at: directory)
                throw error
            }
            await mint.stop()
            try? FileManager.default.removeItem(at: directory)
        } catch {
            await namespace.remove()
            throw error
        }
        await namespace.remove()
    }

    private func scenario(_ namespace: NetworkNamespace, _ mint: TestMint, _ directory: URL) async throws {
        // Wallet A mints and sends 300 sat while the link is up.
        let sender = try await QueueTestWallet.open()
        defer { sender.remove() }
        try await sender.fund(1000, at: mint.url)
        let token = try await sender.wallet.send(amount: 300, mint: mint.url).token.serialized()
        await sender.close()

        // Link down: wallet B cannot reach the mint, so the receive is queued — durably.
        try await namespace.setHostLink(up: false)
        let first = try await Receiver.open(directory: directory)
        let decision: QueueDecision
        do { decision = try await first.queue.receiveOrQueue(token, addUnknownMint: true) } catch {
            await first.close()
            throw error
        }
        let balanceWhileDown = try await first.wallet.wallet.balance()
        await first.close()
        guard case .queued(let queued) = decision else {
            Issue.record("the receive was not queued: \(decision)")
            return
        }
        #expect(queued.amount == 300 && queued.kind == .receive)
        #expect(balanceWhileDown == 0)

        // Restart: everything reopened from the files; the entry is still there.
        let receiver = try await Receiver.open(directory: directory)
        let checks = OwnedHTTPClient(HTTPMintConnector.makeHTTPClient())
        do {
            try await afterRestart(receiver, namespace, mint, token, queued, checks.client)
        } catch {
            await receiver.close()
            await checks.shutdown()
            throw error
        }
        await receiver.close()
        await checks.shutdown()
    }

    private func afterRestart(
        _ receiver: Receiver,
        _ namespace: NetworkNamespace,
        _ mint: TestMint,
        _ token: String,
        _ queued: QueuedEntry,
        _ checks: HTTPClient
    ) async throws {
        #expect(try await receiver.queue.entries().map(\.id) == [queued.id])
        let completions = await receiver.queue.completions()
        await receiver.queue.start()
        #expect(await receiver.monitor.state(of: mint.url) != .reachable)

        // Link up: the monitor sees the mint again and the queue runs the receive.
        try await namespace.setHostLink(up: true)
        let completion = await completions.first(within: .seconds(90)) { $0.entry.id == queued.id }
        guard case .completed(let result)? = completion?.outcome else {
            Issue.record("no completion: \(String(describing: completion?.outcome))")
            return
        }
        #expect(result.amount + result.fee == 300 && result.fee < 300 && !result.foundInHistory)

        // Exactly once: the balance is the receive, to the sat, and the mint agrees (NUT-07); running again does
        // nothing; the token's proofs are spent.
        let wallet = receiver.wallet
        #expect(try await wallet.wallet.balance(mint: mint.url) == result.amount)
        #expect(try await wallet.balanceConfirmed(at: mint.url, client: checks) == result.amount)
        #expect(try await QueueTestWallet.tokenSpent(token, at: mint.url, client: checks))
        let again = await receiver.queue.runPending()
        #expect(again.completed.isEmpty && again.failed.isEmpty && again.stillQueued.isEmpty)
        #expect(try await wallet.wallet.balance(mint: mint.url) == result.amount)
        let entries = try await receiver.queue.entries(states: Set(QueuedOperation.State.allCases))
        // While the link was down the entry was either tried and failed, or not tried at all (the monitor already
        // knew the mint was down); more failed attempts depend on the machine's pace. Whatever their number, the one
        // that succeeded is the receive counted above.
        #expect(entries.map(\.state) == [.done] && (entries.first?.attempts ?? 0) >= 1)
        #expect(try await wallet.wallet.history().filter { $0.kind == .receive && $0.state == .done }.count == 1)
    }
}
