// Test support: a real desktop notification service (dunst, on an Xvfb display) on the test process's D-Bus session
// bus (scripts/test-desktop), started once per test process, and what it was shown.

import Foundation

/// The notification service of the test process's session.
package enum TestDesktop {
    /// A notification as the service recorded it.
    package struct Notification: Sendable, Equatable {
        package var application: String
        package var summary: String
        package var body: String

        package init(application: String, summary: String, body: String) {
            self.application = application
            self.summary = summary
            self.body = body
        }
    }

    /// Why there can be no test desktop here, or `nil` when there can.
    package static let unavailableReason: String? = {
        let environment = ProcessInfo.processInfo.environment
        guard !(environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty else {
            return "no D-Bus session bus (run the tests under scripts/with-keyring)"
        }
        let tools = ["/usr/bin/Xvfb", "/usr/bin/dunst", "/usr/bin/dunstctl", "/usr/bin/gdbus"]
        guard tools.allSatisfy({ FileManager.default.isExecutableFile(atPath: $0) }) else {
            return "Xvfb, dunst or gdbus is missing (scripts/bootstrap installs them)"
        }
        return nil
    }()

    private static let started = Task { () throws -> Void in
        let script = TestMint.repositoryRoot.appendingPathComponent("scripts/test-desktop/start").path
        var environment = ProcessInfo.processInfo.environment
        environment["DESKTOP_STOP_WITH_PID"] = String(getpid())
        let outcome = try await ScriptRunner.run(script, environment: environment)
        guard outcome.status == 0 else {
            throw TestMint.StartFailure(description: "scripts/test-desktop/start failed:\n\(outcome.standardError)")
        }
    }

    /// Starts the service (once per process).
    package static func start() async throws { try await started.value }

    /// Every notification shown so far (closing the ones still on screen, so the service records them).
    package static func notifications() async throws -> [Notification] {
        let environment = ProcessInfo.processInfo.environment
        _ = try await ScriptRunner.run("/usr/bin/dunstctl", arguments: ["close-all"], environment: environment)
        try await Task.sleep(for: .milliseconds(200))
        let history = try await ScriptRunner.run(
            "/usr/bin/dunstctl", arguments: ["history"], environment: environment)
        guard history.status == 0,
            let json = try JSONSerialization.jsonObject(with: Data(history.standardOutput.utf8)) as? [String: Any],
            let groups = json["data"] as? [[[String: Any]]]
        else { return [] }
        func text(_ entry: [String: Any], _ key: String) -> String {
            (entry[key] as? [String: Any])?["data"] as? String ?? ""
        }
        return groups.flatMap { $0 }.map {
            Notification(application: text($0, "appname"), summary: text($0, "summary"), body: text($0, "body"))
        }
    }
}
