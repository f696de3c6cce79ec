// Tests of DesktopNotifier against a real notification service (dunst on an Xvfb display) on the session bus.

import CashuTestSupport
import Foundation
import Testing

@testable import LinuxCashu

@Suite("DesktopNotifier")
struct DesktopNotifierTests {
    @Test("without a session bus there is no notifier (and nothing to fail)")
    func noBus() {
        #expect(DesktopNotifier(environment: [:]) == nil)
    }

    @Test(
        "a notification reaches the desktop's notification service",
        .enabled(if: TestDesktop.unavailableReason == nil, "\(TestDesktop.unavailableReason ?? "")"))
    func shown() async throws {
        try await TestDesktop.start()
        let notifier = try #require(DesktopNotifier())
        let summary = "Received 21 sat \(UUID().uuidString.prefix(8))"
        #expect(notifier.show(summary: summary, body: "A queued token was received at mint.example."))
        let shown = try await TestDesktop.notifications()
        #expect(
            shown.contains(
                TestDesktop.Notification(
                    application: "cashu", summary: summary, body: "A queued token was received at mint.example.")),
            "\(shown)")
    }
}
