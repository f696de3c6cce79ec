// Test support: a Nutshell mint that can be killed and started again on the same port, database and key.

import CoreCashu
import Foundation

/// One mint identity run as successive processes, as an operator restarting (or a crash killing) a mint.
package final class RestartableTestMint: @unchecked Sendable {
    package let database = FileManager.default.temporaryDirectory.appendingPathComponent(
        "restartable-mint-\(UUID().uuidString)")
    package let port: Int
    package let key = "cashuswift-restartable-mint-\(UUID().uuidString)"
    package private(set) var current: TestMint?

    private init(port: Int) { self.port = port }

    /// A mint identity on a port free now.
    package static func make() async throws -> RestartableTestMint {
        RestartableTestMint(port: try TestPort.reserve())
    }

    package var url: MintURL {
        get throws { try MintURL("http://127.0.0.1:\(port)") }
    }

    /// Starts a process for this mint (`environment` adds FAKEWALLET_* settings and the like).
    @discardableResult
    package func start(_ environment: [String: String] = [:]) async throws -> TestMint {
        var variables = environment
        variables["MINT_DATABASE"] = database.path
        variables["MINT_LISTEN_PORT"] = String(port)
        variables["MINT_PRIVATE_KEY"] = key
        let mint = try await TestMint.start(environment: variables)
        current = mint
        return mint
    }

    /// Kills the running process at once (SIGKILL to its process group), as a crash would.
    package func kill() async {
        guard let mint = current else { return }
        _ = Foundation.kill(-mint.pid, SIGKILL)
        await mint.stop()
        current = nil
    }

    /// Stops the process and removes the database.
    package func remove() async {
        await current?.stop()
        current = nil
        try? FileManager.default.removeItem(at: database)
    }
}
