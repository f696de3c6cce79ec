// Tests of Wallet/Wallet+Leases.swift across processes, on SQLite and PostgreSQL: a WalletProbe child's operation in
// flight is never taken over by this process's recovery pass, and completes (a send hands out its token); lock files
// are private and go once settled.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet: operation leases across processes", .serialized, .timeLimit(.minutes(5)))
struct WalletLeasesTests {
    /// The child runs the operation with its answer held by the proxy; this process opens the same wallet meanwhile.
    @Test(arguments: TestStoreBackend.allCases, ProxiedOperation.allCases)
    func anotherProcessLeavesAnOperationInFlightAlone(
        _ backend: TestStoreBackend, _ operation: ProxiedOperation
    ) async throws {
        try await ProxyScenario.with(operation, backend: backend) { scenario in
            let (command, argument) = try await Self.probeCommand(scenario)
            scenario.proxy.inject(.holdAnswer, path: operation.path)
            // The child knows the mint by the proxy's URL, as the scenario's wallet does.
            async let child = WalletProbeRunner.run(
                directory: scenario.wallet.directory, mint: scenario.proxy.url, command, argument)
            try await WalletInFlightRecoveryTests.waitUntilTheMintActed(scenario.proxy)
            let before = scenario.proxy.requests.count

            // The child's lease: on SQLite one private lock file in a private directory; on PostgreSQL an advisory
            // lock of the child's session.
            let locks = scenario.wallet.directory.appendingPathComponent("locks")
            let files = try scenario.wallet.lockFiles()
            if backend == .sqlite {
                #expect(files.count == 1, "\(files)")
                #expect(try Self.mode(locks.path) == 0o700)
                for file in files { #expect(try Self.mode(locks.appendingPathComponent(file).path) == 0o600) }
            }

            // Opening the wallet here runs a recovery pass, as `cashu` or the refresh timer would; so does this one.
            let other = try await TestWallet.open(through: scenario.proxy, directory: scenario.wallet.directory)
            let report = await other.wallet.recover()
            #expect(report.resolved.isEmpty)
            #expect(report.unresolved.map(\.1.code) == [.pending])
            let open = try await other.wallet.read { tx in try tx.unfinishedOperations() }
            #expect(open.map(\.kind) == [Self.kind(operation)])
            if backend == .sqlite { #expect(files == open.map { "\($0.id).lock" }) }
            #expect(
                scenario.proxy.requests.count == before,
                "recovery sent \(scenario.proxy.requests.dropFirst(before))")

            scenario.proxy.releaseHeldAnswers()
            let run = try await child
            #expect(run.status == 0, "\(run)")
            // The books, read by this process: the balance is what the mint confirms, and balance + sent + melted +
            // fees is what came in.
            try await scenario.reopened(other).expectSettled()
            #expect(try other.lockFiles().isEmpty)
            guard operation == .send else { return }
            // The send is pending with its token's proofs, none of which the wallet counts as its own.
            let token = try Token.decode(try #require(run.token, "no token: \(run)"))
            #expect(token.proofs.reduce(0) { $0 + $1.amount } == ProxyScenario.sendAmount)
            let sentYs = Set(try token.proofs.map { CompressedPoint(try HashToCurve.point(secret: $0.secret)) })
            let unspent = Set(try await other.wallet.proofs(statuses: [.unspent]).map(\.Y))
            #expect(sentYs.isDisjoint(with: unspent))
            #expect(try await other.wallet.pendingSends().map(\.amount) == [ProxyScenario.sendAmount])
        }
    }

    /// The probe command doing the scenario's operation: the child makes its own quotes (a paid mint quote of the
    /// same amount, a melt quote for a fresh invoice of the same amount).
    static func probeCommand(_ scenario: ProxyScenario) async throws -> (String, String) {
        switch scenario.operation {
        case .mint: ("fund", String(ProxyScenario.mintAmount))
        case .send: ("send-swap", String(ProxyScenario.sendAmount))
        case .receive: ("receive", try #require(scenario.tokenToReceive))
        case .melt: ("melt", try await TestMint.externalInvoice(amount: ProxyScenario.meltAmount))
        }
    }

    static func kind(_ operation: ProxiedOperation) -> OperationKind {
        switch operation {
        case .mint: .mint
        case .send: .send
        case .receive: .receive
        case .melt: .melt
        }
    }

    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }
}
