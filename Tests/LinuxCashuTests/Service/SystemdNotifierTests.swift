// Tests of SystemdNotifier: what it reads from the environment, and its datagrams arriving where systemd listens.

import CashuTestSupport
import Foundation
import Testing

@testable import LinuxCashu

@Suite("SystemdNotifier")
struct SystemdNotifierTests {
    @Test("no NOTIFY_SOCKET, or a relative one: nothing is sent, nothing fails")
    func inactive() {
        #expect(!SystemdNotifier(environment: [:]).notify("READY=1"))
        #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": "relative/path"]).socketPath == nil)
        #expect(SystemdNotifier(environment: ["NOTIFY_SOCKET": "@"]).socketPath == nil)
    }

    @Test("the watchdog interval, for this process only")
    func watchdog() {
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "2000000"], pid: 7).watchdogInterval == .seconds(2))
        #expect(
            SystemdNotifier(environment: ["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "7"], pid: 7).watchdogInterval
                == .seconds(2))
        #expect(
            SystemdNotifier(environment: ["WATCHDOG_USEC": "2000000", "WATCHDOG_PID": "8"], pid: 7).watchdogInterval
                == nil)
        #expect(SystemdNotifier(environment: ["WATCHDOG_USEC": "0"]).watchdogInterval == nil)
    }

    @Test("READY=1 and STATUS arrive at the socket")
    func sends() async throws {
        let socket = try NotifySocket()
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.path])
        #expect(notifier.notify("READY=1\nSTATUS=Running"))
        #expect(await socket.receive(timeout: .seconds(5)) == "READY=1\nSTATUS=Running")
    }
}
