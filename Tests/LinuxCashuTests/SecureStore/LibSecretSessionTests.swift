// Tests of LibSecretStore and the chooser in other D-Bus sessions (child processes: libsecret keeps its connection
// per process): no session bus, a bus without a Secret Service, a keyring never created, a locked keyring.

import CashuTestSupport
import Foundation
import Testing

@testable import LinuxCashu

@Suite("LibSecretStore sessions")
struct LibSecretSessionTests {
    @Test("No D-Bus session: a typed serviceUnavailable error, and the chooser falls back")
    func noBus() async throws {
        let scratch = try SecureStoreProbeRunner.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let wallets = scratch.path
        for bus in [[:], ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(scratch.path)/no-such-socket"]] {
            let environment = SecureStoreProbeRunner.environment(scratch, bus)
            let lines = try await SecureStoreProbeRunner.shell(
                """
                "$PROBE" probe; "$PROBE" load w k; "$PROBE" save w k 00; "$PROBE" delete w k
                "$PROBE" choose \(wallets)/none
                CASHU_PASSPHRASE=pw "$PROBE" choose \(wallets)/encrypted
                "$PROBE" choose \(wallets)/plain --allow-plaintext
                "$PROBE" choose \(wallets)/plain --allow-plaintext
                "$PROBE" choose \(wallets)/plain
                """,
                environment: environment
            )
            #expect(
                lines == [
                    "error serviceUnavailable", "error serviceUnavailable", "error serviceUnavailable",
                    "error serviceUnavailable", "error noStoreAvailable", "kind encrypted-file",
                    "kind plaintext-file warning", "kind plaintext-file warning", "error plaintextNotAllowed",
                ],
                "bus \(bus)"
            )
            try? FileManager.default.removeItem(atPath: "\(wallets)/encrypted")
            try? FileManager.default.removeItem(atPath: "\(wallets)/plain")
        }
    }

    @Test("A session bus without a Secret Service: serviceUnavailable")
    func noService() async throws {
        let scratch = try SecureStoreProbeRunner.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // A session bus with no service directories: nothing can be activated.
        let config = scratch.appendingPathComponent("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(scratch.path)</listen>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/>
          </policy>
        </busconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        let lines = try await SecureStoreProbeRunner.shell(
            """
            dbus-run-session --config-file=\(config.path) -- bash -c '
              "$PROBE" probe; "$PROBE" save w k 00; "$PROBE" load w k
              CASHU_PASSPHRASE=pw "$PROBE" choose \(scratch.path)/wallet' 2>/dev/null
            """,
            environment: SecureStoreProbeRunner.environment(scratch)
        )
        #expect(
            lines == [
                "error serviceUnavailable", "error serviceUnavailable", "error serviceUnavailable",
                "kind encrypted-file",
            ]
        )
    }

    @Test("A session bus that never replies: the probe gives up at its deadline and says so")
    func silentBus() async throws {
        let scratch = try SecureStoreProbeRunner.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Without the eavesdrop allowances this policy drops the bus's replies: every call waits for its timeout.
        let config = scratch.appendingPathComponent("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:dir=\(scratch.path)</listen>
          <policy context="default"><allow send_destination="*"/><allow own="*"/></policy>
        </busconfig>
        """.write(to: config, atomically: true, encoding: .utf8)
        let lines = try await SecureStoreProbeRunner.shell(
            """
            dbus-run-session --config-file=\(config.path) -- "$PROBE" probe 2 2>/dev/null
            """,
            environment: SecureStoreProbeRunner.environment(scratch)
        )
        #expect(lines == ["error serviceUnavailable (no answer)"])
    }

    @Test("gnome-keyring with no login keyring (never unlocked, no prompt): noDefaultCollection, and the fallback")
    func noLoginKeyring() async throws {
        let scratch = try SecureStoreProbeRunner.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let lines = try await SecureStoreProbeRunner.shell(
            """
            dbus-run-session -- bash -c '
              "$PROBE" probe; "$PROBE" save w k 00; "$PROBE" load w k
              "$PROBE" choose \(scratch.path)/none
              CASHU_PASSPHRASE=pw "$PROBE" choose \(scratch.path)/wallet' 2>/dev/null
            """,
            environment: SecureStoreProbeRunner.environment(scratch)
        )
        #expect(
            lines == [
                "error noDefaultCollection", "error noDefaultCollection", "missing", "error noStoreAvailable",
                "kind encrypted-file",
            ]
        )
    }

    @Test("A locked keyring: locked on read, write and delete (never 'missing'), and the chooser refuses it")
    func locked() async throws {
        let scratch = try SecureStoreProbeRunner.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let withKeyring = TestMint.repositoryRoot.appendingPathComponent("scripts/with-keyring").path
        let lines = try await SecureStoreProbeRunner.shell(
            """
            \(withKeyring) bash -c '
              "$PROBE" save w k 0102; "$PROBE" load w k
              "$PROBE" choose \(scratch.path)/unlocked
              dbus-send --session --print-reply --dest=org.freedesktop.secrets /org/freedesktop/secrets \\
                org.freedesktop.Secret.Service.Lock array:objpath:/org/freedesktop/secrets/collection/login >/dev/null
              "$PROBE" probe; "$PROBE" load w k; "$PROBE" load w other; "$PROBE" save w k2 00; "$PROBE" delete w k
              "$PROBE" choose \(scratch.path)/unlocked
              "$PROBE" choose \(scratch.path)/new
              CASHU_PASSPHRASE=pw "$PROBE" choose \(scratch.path)/fallback' 2>/dev/null
            """,
            environment: SecureStoreProbeRunner.environment(scratch)
        )
        #expect(
            lines == [
                "ok", "value 0102", "kind secret-service",
                "error locked", "error locked", "missing", "error locked", "error locked",
                "error locked", "error noStoreAvailable", "kind encrypted-file",
            ]
        )
    }
}
