// End to end: the WalletDemo example (Examples/WalletDemo, built without package access like any user of the
// library) runs against real mints — it opens wallets with WalletStorage.sqlite, MintConnections.http and a secure
// store of its own, mints, sends, receives and pays an invoice of another mint.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("the WalletDemo example", .timeLimit(.minutes(3)))
struct WalletDemoExampleTests {
    @Test("mints 1000 sat, sends 300 to bob, pays 100 sat at another mint, and the balances add up")
    func runsAgainstTheTestMints() async throws {
        let mint = try await TestMint.shared
        let payee = try await TestMint.payee
        let executable = URL(fileURLWithPath: CLIProcess.executable).deletingLastPathComponent()
            .appendingPathComponent("WalletDemo").path
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("wallet-demo-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let pid = try ScriptRunner.spawn(
            executable, [mint.url.rawValue, payee.url.rawValue], CLIProcess.environment([:]), standardInput: nil,
            outputIn: scratch)
        let outcome = await RunningCLI(pid: pid, scratch: scratch).wait()
        #expect(outcome.status == 0, "\(outcome)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("alice: minted 1000 sat") }, "\(outcome)")
        #expect(lines.contains { $0.hasPrefix("bob:   received ") }, "\(outcome)")
        #expect(lines.contains("alice: the token was claimed: true"), "\(outcome)")
        #expect(lines.contains { $0.lowercased().hasPrefix("alice: payment paid") }, "\(outcome)")
    }
}
