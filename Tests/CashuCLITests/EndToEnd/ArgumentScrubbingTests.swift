// Tests of Support/ArgumentScrubber.swift through the real binary: a token given as an argument disappears from
// /proc/PID/cmdline (what `ps` and any local user see) while `cashu receive` runs.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("cashu hides a token given on the command line", .timeLimit(.minutes(5)))
struct ArgumentScrubbingTests {
    /// What `/proc/PID/cmdline` shows of a running process: its arguments, NUL-separated.
    static func commandLine(of pid: pid_t) -> String? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    @Test("the token of `cashu receive TOKEN` is gone from /proc/PID/cmdline while the receive waits for its mint")
    func receiveTokenIsScrubbed() async throws {
        let listener = try TestPort.silentListener()
        defer { close(listener.fd) }
        let point = try CompressedPoint(hex: "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
        let proof = Proof(
            amount: 8, id: try KeysetID(hex: "00ad268c4d1f5826"), secret: UUID().uuidString.lowercased(), C: point)
        let token = try Token(
            mint: "http://127.0.0.1:\(listener.port)", unit: "sat", proofs: [proof]
        ).serialized()
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("wallet", "init")

        let running = try CLIProcess.start(["--dir", wallet.directory.path, "receive", token, "--trust"])
        // The mint never answers, so the receive waits (its read deadline is 15 s): long enough to look.
        var seen: String?
        for _ in 0..<200 {
            seen = Self.commandLine(of: running.pid)
            if let seen, seen.contains("receive"), !seen.contains("cashuB") { break }
            try await Task.sleep(for: .milliseconds(25))
        }
        let stillRunning = kill(running.pid, 0) == 0
        kill(running.pid, SIGKILL)
        _ = await running.wait()
        #expect(stillRunning, "the receive ended before its arguments were read")
        let arguments = try #require(seen, "no /proc/\(running.pid)/cmdline")
        #expect(arguments.contains("receive"), "\(arguments.split(separator: "\0"))")
        #expect(!arguments.contains("cashuB") && !arguments.contains(proof.secret), "the token is still visible")
    }
}
