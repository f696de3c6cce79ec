// NIP-47 tests — a wallet on a real mint with the wallet connect service running in-process on a real relay.

import CashuNostr
import CashuTestSupport
import CoreCashu
import Foundation
import Logging

@testable import CashuServices
@testable import LinuxCashu

/// A funded wallet, its connections and its service.
final class NWCServiceFixture: Sendable {
    let wallet: LinuxWallet
    let directory: URL
    let relay: NostrRelayURL
    let mint: MintURL
    let events = NWCEventLog()
    private let running = Locked<Task<Void, Never>?>(nil)

    private init(wallet: LinuxWallet, directory: URL, relay: NostrRelayURL, mint: MintURL) {
        self.wallet = wallet
        self.directory = directory
        self.relay = relay
        self.mint = mint
    }

    /// A new wallet at `mint` (the shared one by default) with `funds` sat, using the shared relay.
    static func make(funds: UInt64, at mint: MintURL? = nil) async throws -> NWCServiceFixture {
        var chosen = mint
        if chosen == nil { chosen = try await TestMint.shared.url }
        guard let mint = chosen else { throw NWCTestFailure(description: "no mint") }
        let relay = try NostrRelayURL(try await TestRelay.shared.url)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-nwc-\(UUID())")
        var configuration = LinuxWalletConfiguration(
            directory: WalletDirectory(url: directory), preferredSecureStore: .plaintextFile,
            allowPlaintextSecrets: true, useWebSockets: false)
        configuration.nostrRelays = [relay]
        let wallet = try await LinuxWallet.open(configuration)
        let fixture = NWCServiceFixture(wallet: wallet, directory: directory, relay: relay, mint: mint)
        _ = try await wallet.wallet.addMint(mint)
        if funds > 0 {
            try await BusyTestMint.retrying {
                let quote = try await wallet.wallet.requestMintQuote(amount: funds, mint: mint)
                _ = try await wallet.wallet.waitForMintQuote(quote.id, timeout: .seconds(30))
                _ = try await wallet.wallet.mint(quoteID: quote.id)
            }
        }
        return fixture
    }

    /// A new connection and its client.
    func connect(budget: NWCBudget?) async throws -> (NWCConnectionRecord, NWCTestClient) {
        let made = try await wallet.addWalletConnection(name: "test app", mint: mint, budget: budget)
        return (made.connection.record, NWCTestClient(uri: made.uri.uriString))
    }

    /// Starts the service (polling the store every 200 ms) and waits until it listens for `connections`.
    ///
    /// - Parameter pendingWait: how long a payment in flight is waited for before the client hears it is pending.
    func start(connections: Int = 1, pendingWait: Duration = .seconds(30)) async throws {
        let settings = NWCServiceSettings(pollInterval: .milliseconds(200), reconcileInterval: .seconds(2))
        let service = NWCService(
            wallet: wallet, configuration: NWCServiceConfiguration(pendingPaymentWait: pendingWait), settings: settings,
            logger: Logger(label: "nwc-test") { _ in SwiftLogNoOpLogHandler() },
            onEvent: { [events] in events.append($0) })
        let marker = events.count
        running.withLock { $0 = Task { await service.serve() } }
        let listening = await AsyncWaiting.eventually(within: .seconds(20)) {
            events.since(marker).contains { event in
                if case .subscribed(let count, _) = event { count == connections } else { false }
            }
        }
        guard listening else { throw NWCTestFailure(description: "the service never subscribed") }
    }

    /// Stops the service and waits for it.
    func stop() async {
        let task = running.withLock { task -> Task<Void, Never>? in
            defer { task = nil }
            return task
        }
        task?.cancel()
        await task?.value
    }

    /// The spendable balance in sat.
    func balance() async throws -> UInt64 { try await wallet.wallet.balance(unit: .sat) }

    func close() async {
        await stop()
        await wallet.close()
        try? FileManager.default.removeItem(at: directory)
    }
}

/// What the service reported, in order.
final class NWCEventLog: Sendable {
    private let events = Locked<[NWCServiceEvent]>([])

    func append(_ event: NWCServiceEvent) { events.withLock { $0.append(event) } }

    var count: Int { events.withLock { $0.count } }

    var all: [NWCServiceEvent] { events.withLock { $0 } }

    func since(_ index: Int) -> [NWCServiceEvent] { events.withLock { Array($0.dropFirst(index)) } }
}
