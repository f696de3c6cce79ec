// Test support: runs the WalletProbe tool (Tests/WalletProbe) as a child process, optionally killed at a step.

import CashuTestSupport
import Foundation

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

/// The outcome of one probe run.
struct ProbeRun: CustomStringConvertible {
    var status: Int32
    var killed: Bool
    var stdout: String
    var stderr: String

    var description: String { "ProbeRun(status \(status), killed \(killed), out: \(stdout), err: \(stderr))" }

    /// The token a `send` printed.
    var token: String? {
        stdout.split(separator: "\n").first { $0.hasPrefix("token ") }.map { String($0.dropFirst(6)) }
    }
}

enum WalletProbeRunner {
    /// The probe binary, built next to the test bundle.
    static var executable: URL {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("WalletProbe")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return TestMint.repositoryRoot.appendingPathComponent(".build/debug/WalletProbe")
    }

    /// Runs the probe on the wallet in `directory`.
    static func run(
        directory: URL, mint: MintURL, _ operation: String, _ argument: String? = nil, killAt: String? = nil,
        repeatCount: Int = 1
    ) async throws -> ProbeRun {
        var arguments = [directory.path, mint.rawValue, operation]
        if let argument { arguments.append(argument) }
        if let killAt { arguments += ["--kill-at", killAt] }
        if repeatCount > 1 { arguments += ["--repeat", String(repeatCount)] }
        // Waiting for the child blocks: it runs on threads of its own, never on the cooperative pool (two threads on
        // a 2-core machine), which an in-process MintProxy the child talks to needs to answer it.
        let fixed = arguments
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try runBlocking(fixed) })
            }
            thread.start()
        }
    }

    private static func runBlocking(_ arguments: [String]) throws -> ProbeRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errors = BackgroundThread { err.fileHandleForReading.readDataToEndOfFile() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = try errors.join()
        process.waitUntilExit()
        return ProbeRun(
            status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self))
    }
}
