// End to end: the FrontEnd example (Examples/FrontEnd, the code of the DocC article "Building a front end") runs
// against a real mint — it opens a wallet, shows its events, mints, prepares a payment and confirms it.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("the FrontEnd example", .timeLimit(.minutes(3)))
struct FrontEndExampleTests {
    @Test("mints 200 sat, shows the prepared payment's figures, pays 50 sat and ends with the balance it showed")
    func runsAgainstTheTestMint() async throws {
        let mint = try await TestMint.shared
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("front-end-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let executable = URL(fileURLWithPath: CLIProcess.executable).deletingLastPathComponent()
            .appendingPathComponent("FrontEnd").path
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("front-end-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // An invoice of another mint: one of its own mint's could be paid by the fake backend before the melt.
        let invoice = try await TestMint.externalInvoice(amount: 50)
        let pid = try ScriptRunner.spawn(
            executable, [directory.path, mint.url.rawValue, invoice], CLIProcess.environment([:]), standardInput: nil,
            outputIn: scratch)
        let outcome = await RunningCLI(pid: pid, scratch: scratch).wait()
        #expect(outcome.status == 0, "\(outcome)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("minted 200 sat"), "\(outcome)")
        // The figures asked about come from the prepared payment, and what it cost is within them.
        let asked = try #require(lines.first { $0.hasPrefix("pay 50 sat + up to ") }, "\(outcome)")
        let most = try #require(
            lines.first { $0.hasPrefix("(at most ") }.flatMap { UInt64($0.dropFirst(9).prefix { $0.isNumber }) })
        #expect(asked.hasSuffix(" sat in fees?"))
        #expect(lines.contains { $0.hasPrefix("paid: PAID, fee ") }, "\(outcome)")
        let balance = try #require(
            lines.first { $0.hasPrefix("balance: ") }.flatMap { UInt64($0.dropFirst(9).prefix { $0.isNumber }) })
        #expect(balance >= 200 - most && balance <= 150, "\(outcome)")
        // The events (printed by their own task: the last ones may come after the scope ended and go unshown).
        #expect(lines.contains("mint settled: 200 sat, fee 0"), "\(outcome)")
        #expect(lines.contains { $0.hasPrefix("balance at \(mint.url.rawValue): ") }, "\(outcome)")
    }
}
