// Test support: a real Nutshell 0.21.0 mint on loopback, started and stopped with scripts/test-mint/{start,stop}.

import Foundation

import CoreCashu

/// A Nutshell mint (FakeWallet backend) running on a free loopback port for the duration of a test.
///
/// ``shared`` is one mint per test process, started on first use with the script's defaults (input fee 100 ppk,
/// FakeWallet paying at once); ``start(environment:)`` gives a test a mint of its own, configured through the
/// `MINT_*`/`FAKEWALLET_*` variables that scripts/test-mint/start honours. Every mint is stopped when the test
/// process exits: by an `atexit` handler, and (should the process be killed) by the watchdog the start script
/// leaves for `MINT_STOP_WITH_PID`.
package final class TestMint: Sendable, CustomStringConvertible {
    /// A mint could not be started.
    package struct StartFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// The mint's URL, e.g. `http://127.0.0.1:41234`.
    package let url: MintURL
    /// The mint's process id (it leads its own process group).
    package let pid: Int32
    /// The mint's temporary directory (database, log), removed when it stops.
    package let directory: String
    /// The variables this mint was started with, beyond the script's defaults.
    package let environment: [String: String]

    private init(url: MintURL, pid: Int32, directory: String, environment: [String: String]) {
        self.url = url
        self.pid = pid
        self.directory = directory
        self.environment = environment
    }

    package var description: String { "TestMint(\(url), pid \(pid))" }

    /// The repository root, found from this file's path.
    package static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // CashuTestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    package static let scripts = repositoryRoot.appendingPathComponent("scripts/test-mint")

    /// The venv the scripts use (`MINT_VENV` if set, else `.venv-mint` at the repository root).
    package static var venv: URL {
        if let path = ProcessInfo.processInfo.environment["MINT_VENV"] { return URL(fileURLWithPath: path) }
        return repositoryRoot.appendingPathComponent(".venv-mint")
    }

    private static let sharedMint = Task { try await TestMint.start() }

    /// The process's shared mint with default settings, started on first use.
    package static var shared: TestMint {
        get async throws { try await sharedMint.value }
    }

    /// Starts a new mint.
    /// - Parameter environment: overrides such as `["MINT_INPUT_FEE_PPK": "0"]` or
    ///   `["FAKEWALLET_PAY_INVOICE_STATE": "PENDING"]`.
    /// - Throws: ``StartFailure`` when Nutshell is not installed or the mint does not come up.
    package static func start(environment: [String: String] = [:]) async throws -> TestMint {
        let mintBinary = venv.appendingPathComponent("bin/mint").path
        guard FileManager.default.isExecutableFile(atPath: mintBinary) else {
            throw StartFailure(
                description: "Nutshell is not installed (\(mintBinary) missing): run scripts/test-mint/install"
            )
        }
        // Settings from the developer's shell must not leak into a test mint.
        var variables = ProcessInfo.processInfo.environment.filter { key, _ in
            !(key.hasPrefix("MINT_") || key.hasPrefix("FAKEWALLET_")) || key == "MINT_VENV"
                || key == "MINT_START_TIMEOUT"
        }
        // Each mint its own key, so two test mints never share keysets (a wallet refuses a keyset id that belongs
        // to another mint, NUT-02); a test restarting one mint passes the key itself.
        variables["MINT_PRIVATE_KEY"] = "cashuswift-test-mint-\(UUID().uuidString)"
        variables.merge(environment) { _, new in new }
        variables["MINT_STOP_WITH_PID"] = String(getpid())
        let result = try await ScriptRunner.run(scripts.appendingPathComponent("start").path, environment: variables)
        guard result.status == 0 else {
            throw StartFailure(
                description: "scripts/test-mint/start failed (\(result.status)):\n\(result.standardError)"
            )
        }
        let values = result.assignments
        guard let urlText = values["MINT_URL"], let url = try? MintURL(urlText),
            let pidText = values["MINT_PID"], let pid = Int32(pidText), let directory = values["MINT_DIR"]
        else {
            throw StartFailure(description: "scripts/test-mint/start printed no MINT_URL/MINT_PID/MINT_DIR")
        }
        let mint = TestMint(url: url, pid: pid, directory: directory, environment: environment)
        TestMintReaper.register(pid: pid, directory: directory)
        return mint
    }

    /// Starts a mint, runs `body` with it and stops the mint afterwards, whether `body` returns or throws.
    /// - Parameters:
    ///   - environment: overrides, as for ``start(environment:)``.
    ///   - body: the test's use of the mint.
    package static func with<T>(
        environment: [String: String] = [:],
        _ body: (TestMint) async throws -> T
    ) async throws -> T {
        let mint = try await start(environment: environment)
        do {
            let result = try await body(mint)
            await mint.stop()
            return result
        } catch {
            await mint.stop()
            throw error
        }
    }

    /// Stops the mint with scripts/test-mint/stop, which also removes its directory. Idempotent.
    ///
    /// The mint stays registered with the exit handler until the script has finished, so a process that exits
    /// meanwhile still stops it.
    package func stop() async {
        guard TestMintReaper.isRegistered(pid: pid) else { return }
        _ = try? await ScriptRunner.run(
            Self.scripts.appendingPathComponent("stop").path,
            arguments: ["\(pid)", directory],
            environment: ProcessInfo.processInfo.environment
        )
        _ = TestMintReaper.unregister(pid: pid)
    }

    /// The tail of the mint's log, for failure messages.
    package func logTail(lines: Int = 40) -> String {
        let path = directory + "/mint.log"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "(no log)" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }
}
