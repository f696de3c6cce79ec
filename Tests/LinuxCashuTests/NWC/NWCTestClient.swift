// NIP-47 tests — an independent client: rust-nostr's NWC client (PyPI nostr-sdk, in the relay's venv) driven through
// scripts/test-relay/nwc-client, the connection URI handed over in its environment.

import CashuTestSupport
import Foundation

/// One connection's client.
struct NWCTestClient: Sendable {
    let uri: String

    static let script = TestRelay.scripts.appendingPathComponent("nwc-client").path

    /// The relay venv's Python (`RELAY_VENV` if set), where the relay's install put nostr-sdk.
    static var python: String {
        let environment = ProcessInfo.processInfo.environment
        let venv = environment["RELAY_VENV"] ?? TestMint.repositoryRoot.appendingPathComponent(".venv-relay").path
        return venv + "/bin/python"
    }

    /// Runs one command: its result's fields, or `["error": "… [Code]"]`.
    ///
    /// - Parameter timeout: how long the client waits for the response, seconds.
    func call(_ arguments: String..., timeout: Int = 30) async throws -> [String: Any] {
        _ = try await TestRelay.shared  // installs the venv first
        let environment = [
            "NWC_URI": uri, "NWC_TIMEOUT": String(timeout), "PATH": "/usr/bin:/bin",
            "HOME": FileManager.default.temporaryDirectory.path,
        ]
        let outcome = try await ScriptRunner.run(
            Self.python, arguments: [Self.script] + arguments, environment: environment)
        guard outcome.status == 0,
            let object = try? JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
        else {
            throw NWCTestFailure(
                description: "nwc-client \(arguments.first ?? "") exited \(outcome.status): \(outcome.standardError)")
        }
        return object
    }
}

/// A test's setup that did not work out.
struct NWCTestFailure: Error, CustomStringConvertible {
    let description: String
}

extension Dictionary where Key == String, Value == Any {
    /// The NIP-47 code of a failed call (`QuotaExceeded`, `NotFound`, …), as nostr-sdk names it.
    var errorCode: String? {
        guard let text = self["error"] as? String, let open = text.lastIndex(of: "["),
            let close = text.lastIndex(of: "]"), open < close
        else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    func number(_ key: String) -> UInt64? { (self[key] as? NSNumber)?.uint64Value }
}
