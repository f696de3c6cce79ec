// Tests of Wallet/Wallet+Leases.swift across processes: a WalletProbe child's operation in flight is never taken over
// by this process's recovery pass, and its send hands out its token; lock files are private and go once settled.

import Foundation
import Testing

@testable import CoreCashu

@Suite("Wallet: operation leases across processes", .serialized)
struct WalletLeasesTests {
    @Test func anotherProcessLeavesASendInFlightAlone() async throws {
        try await ProxyScenario.with(.send) { scenario in
            scenario.proxy.inject(.holdAnswer, path: ProxiedOperation.send.path)
            // The child knows the mint by the proxy's URL, as the scenario's wallet does.
            async let child = WalletProbeRunner.run(
                directory: scenario.wallet.directory, mint: scenario.proxy.url, "send-swap",
                String(ProxyScenario.sendAmount))
            try await WalletInFlightRecoveryTests.waitUntilTheMintActed(scenario.proxy)
            let before = scenario.proxy.requests.count

            // The child's lease: one private lock file in a private directory.
            let locks = scenario.wallet.directory.appendingPathComponent("locks")
            let files = try scenario.wallet.lockFiles()
            #expect(files.count == 1, "\(files)")
            #expect(try Self.mode(locks.path) == 0o700)
            for file in files { #expect(try Self.mode(locks.appendingPathComponent(file).path) == 0o600) }

            // Opening the wallet here runs a recovery pass, as `cashu` or the refresh timer would; so does this one.
            let other = try await TestWallet.open(through: scenario.proxy, directory: scenario.wallet.directory)
            let report = await other.wallet.recover()
            #expect(report.resolved.isEmpty)
            #expect(report.unresolved.map(\.1.code) == [.pending])
            let open = try await other.wallet.read { tx in try tx.unfinishedOperations() }
            #expect(open.map(\.kind) == [.send])
            #expect(files == open.map { "\($0.id).lock" })
            #expect(
                scenario.proxy.requests.count == before,
                "recovery sent \(scenario.proxy.requests.dropFirst(before))")

            scenario.proxy.releaseHeldAnswers()
            let run = try await child
            #expect(run.status == 0, "\(run)")
            let token = try Token.decode(try #require(run.token, "no token: \(run)"))
            #expect(token.proofs.reduce(0) { $0 + $1.amount } == ProxyScenario.sendAmount)

            // The books, read by this process: the send is pending with its token's proofs, the balance is what the
            // mint confirms, and balance + sent + fees is what came in.
            let sentYs = Set(try token.proofs.map { CompressedPoint(try HashToCurve.point(secret: $0.secret)) })
            let unspent = Set(try await other.wallet.proofs(statuses: [.unspent]).map(\.Y))
            #expect(sentYs.isDisjoint(with: unspent))
            try await scenario.reopened(other).expectSettled()
            #expect(try await other.wallet.pendingSends().map(\.amount) == [ProxyScenario.sendAmount])
            #expect(try other.lockFiles().isEmpty)
        }
    }

    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }
}
