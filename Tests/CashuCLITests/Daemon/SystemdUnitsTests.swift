// Tests of the systemd units (the wallet service and the refresh timer): the shipped files, `cashu daemon install`,
// and systemd-analyze.

import CashuTestSupport
import Foundation
import Testing

@Suite("cashu daemon: systemd units")
struct SystemdUnitsTests {
    static let dist = TestMint.repositoryRoot.appendingPathComponent("dist/systemd")

    @Test("dist/systemd holds exactly the units `cashu daemon units --shipped` prints")
    func shippedUnitsMatchTheGenerator() async throws {
        let run = try await ScriptRunner.run(
            DaemonTestSupport.cashu,
            arguments: ["daemon", "units", "--shipped", "--json"],
            environment: ProcessInfo.processInfo.environment
        )
        try #require(run.status == 0, "\(run.standardError)")
        let units = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: String]
        )
        for name in ["cashu.service", "cashu-refresh.service", "cashu-refresh.timer"] {
            let shipped = try String(contentsOf: Self.dist.appendingPathComponent(name), encoding: .utf8)
            // Regenerate with: .build/debug/cashu daemon units --shipped (one section per file).
            #expect(units[name] == shipped, "dist/systemd/\(name) differs from the generator")
        }
    }

    @Test("The shipped units pass systemd-analyze verify without a single warning, and run `cashu refresh`")
    func shippedUnitsVerify() async throws {
        let home = try DaemonTestSupport.home()
        defer { try? FileManager.default.removeItem(at: home) }
        // The shipped service runs %h/.local/bin/cashu: put the built binary there.
        try FileManager.default.createSymbolicLink(
            atPath: home.appendingPathComponent(".local/bin/cashu").path,
            withDestinationPath: DaemonTestSupport.cashu
        )
        let units = ["cashu-refresh.service", "cashu-refresh.timer", "cashu.service"].map {
            Self.dist.appendingPathComponent($0).path
        }
        let verify = try await DaemonTestSupport.verify(units, home: home)
        #expect(verify.status == 0)
        #expect(verify.standardError.isEmpty, "\(verify.standardError)")
        #expect(verify.standardOutput.isEmpty, "\(verify.standardOutput)")

        let service = try String(contentsOfFile: units[0], encoding: .utf8)
        #expect(service.contains("\nExecStart=%h/.local/bin/cashu refresh --unless-service\n"))
        #expect(service.contains("\nType=oneshot\n"))
        for hardening in [
            "NoNewPrivileges=yes", "ProtectSystem=strict", "PrivateTmp=yes", "ReadWritePaths=-%h/.local/share/cashu",
            "SuccessExitStatus=69 75",
        ] {
            #expect(service.contains("\n\(hardening)\n"), "missing \(hardening)")
        }
        let timer = try String(contentsOfFile: units[1], encoding: .utf8)
        for line in ["OnCalendar=*:0/15", "RandomizedDelaySec=5min", "Persistent=true", "Unit=cashu-refresh.service"] {
            #expect(timer.contains("\n\(line)\n"), "missing \(line)")
        }
        let daemon = try String(contentsOfFile: units[2], encoding: .utf8)
        for line in [
            "Type=notify", "ExecStart=%h/.local/bin/cashu daemon run", "WatchdogSec=2min", "Restart=on-failure",
            "ProtectSystem=strict", "ReadWritePaths=-%h/.local/share/cashu", "WantedBy=default.target",
        ] {
            #expect(daemon.contains("\n\(line)\n"), "missing \(line)")
        }
    }

    @Test("`cashu daemon install --proxy`: the refresh goes through the same proxy; one with a password is refused")
    func installWithProxy() async throws {
        let home = try DaemonTestSupport.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = DaemonTestSupport.environment(home: home)
        let wallet = home.appendingPathComponent("wallet").path
        let install = try await ScriptRunner.run(
            DaemonTestSupport.cashu,
            arguments: ["daemon", "install", "--dir", wallet, "--no-enable", "--proxy", "socks5h://127.0.0.1:9050"],
            environment: environment
        )
        try #require(install.status == 0, "\(install.standardError)")
        let service = home.appendingPathComponent(".config/systemd/user/cashu-refresh.service").path
        let text = try String(contentsOfFile: service, encoding: .utf8)
        #expect(text.contains("\nEnvironment=CASHU_PROXY=socks5h://127.0.0.1:9050\n"), "\(text)")
        let verify = try await DaemonTestSupport.verify(
            [service, home.appendingPathComponent(".config/systemd/user/cashu-refresh.timer").path], home: home)
        #expect(verify.status == 0 && verify.standardError.isEmpty, "\(verify.standardError)")
        let secret = try await ScriptRunner.run(
            DaemonTestSupport.cashu,
            arguments: [
                "daemon", "install", "--dir", wallet, "--no-enable", "--proxy", "http://u:hunter2@127.0.0.1:3128",
            ],
            environment: environment
        )
        #expect(secret.status == 78 && !secret.standardError.contains("hunter2"), "\(secret.standardError)")
    }

    @Test("`cashu daemon install --api-listen`: the service serves the local API, its socket directory made by systemd")
    func installWithAPI() async throws {
        let home = try DaemonTestSupport.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = DaemonTestSupport.environment(home: home)
        let wallet = home.appendingPathComponent("wallet").path
        let install = try await ScriptRunner.run(
            DaemonTestSupport.cashu,
            arguments: ["daemon", "install", "--dir", wallet, "--no-enable", "--api-listen", "127.0.0.1:3339"],
            environment: environment
        )
        try #require(install.status == 0, "\(install.standardError)")
        let daemon = home.appendingPathComponent(".config/systemd/user/cashu.service").path
        let text = try String(contentsOfFile: daemon, encoding: .utf8)
        #expect(text.contains(" daemon run --api-listen 127.0.0.1:3339\n"), "\(text)")
        #expect(text.contains("\nRuntimeDirectory=cashu\nRuntimeDirectoryMode=0700\n"), "\(text)")
        let verify = try await DaemonTestSupport.verify([daemon], home: home)
        #expect(verify.status == 0 && verify.standardError.isEmpty, "\(verify.standardError)")
        let remote = try await ScriptRunner.run(
            DaemonTestSupport.cashu,
            arguments: ["daemon", "install", "--dir", wallet, "--no-enable", "--api-listen", "0.0.0.0:3339"],
            environment: environment
        )
        #expect(remote.status == 64, "\(remote.standardError)")
    }

    @Test("`cashu --wallet NAME daemon install`: the services run that wallet (the directory holding it, its name)")
    func installForNamedWallet() async throws {
        let home = try DaemonTestSupport.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let wallet = home.appendingPathComponent("wallet").path
        let install = try await ScriptRunner.run(
            DaemonTestSupport.cashu,
            arguments: ["--wallet", "savings", "daemon", "install", "--dir", wallet, "--no-enable"],
            environment: DaemonTestSupport.environment(home: home)
        )
        try #require(install.status == 0, "\(install.standardError)")
        let units = ["cashu.service", "cashu-refresh.service"].map {
            home.appendingPathComponent(".config/systemd/user/\($0)").path
        }
        for unit in units {
            let text = try String(contentsOfFile: unit, encoding: .utf8)
            #expect(text.contains("\nEnvironment=CASHU_DIR=\(wallet)\n"), "\(text)")
            #expect(text.contains("\nEnvironment=CASHU_WALLET=savings\n"), "\(text)")
        }
        let verify = try await DaemonTestSupport.verify(units, home: home)
        #expect(verify.status == 0 && verify.standardError.isEmpty, "\(verify.standardError)")
    }

    @Test("`cashu daemon install` writes verified units for this binary and wallet; status and uninstall follow")
    func installStatusUninstall() async throws {
        let home = try DaemonTestSupport.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = DaemonTestSupport.environment(home: home)
        let wallet = home.appendingPathComponent("wallet with space").path
        let install = try await ScriptRunner.run(
            DaemonTestSupport.cashu,
            arguments: ["daemon", "install", "--dir", wallet, "--json"],
            environment: environment
        )
        try #require(install.status == 0, "\(install.standardError)")
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(install.standardOutput.utf8)) as? [String: Any]
        )
        // No user manager answers in the test's environment: the files are written, the timer is not enabled.
        #expect(answer["enabled"] as? Bool == false)
        let unitDirectory = home.appendingPathComponent(".config/systemd/user")
        let service = unitDirectory.appendingPathComponent("cashu-refresh.service").path
        let timer = unitDirectory.appendingPathComponent("cashu-refresh.timer").path
        #expect(answer["service"] as? String == service)
        #expect(FileManager.default.fileExists(atPath: wallet))

        let daemon = unitDirectory.appendingPathComponent("cashu.service").path
        #expect(answer["daemon"] as? String == daemon)
        let verify = try await DaemonTestSupport.verify([service, timer, daemon], home: home)
        #expect(verify.status == 0)
        #expect(verify.standardError.isEmpty, "\(verify.standardError)")

        let text = try String(contentsOfFile: service, encoding: .utf8)
        let binary = URL(fileURLWithPath: DaemonTestSupport.cashu).resolvingSymlinksInPath().path
        #expect(text.contains("\nExecStart=\(binary) refresh --unless-service\n"), "\(text)")
        let daemonText = try String(contentsOfFile: daemon, encoding: .utf8)
        #expect(daemonText.contains("\nExecStart=\(binary) daemon run\n"), "\(daemonText)")
        #expect(daemonText.contains("\nEnvironment=\"CASHU_DIR=\(wallet)\"\n"), "\(daemonText)")
        #expect(text.contains("\nEnvironment=\"CASHU_DIR=\(wallet)\"\n"), "\(text)")
        #expect(text.contains("\nReadWritePaths=-\"\(wallet)\"\n"), "\(text)")

        // What the service runs works: its ExecStart, with its environment, on a wallet not made yet and on a new one
        // (in the test run's D-Bus session, whose Secret Service holds the new wallet's phrase).
        let serviceEnvironment = ProcessInfo.processInfo.environment.merging(["CASHU_DIR": wallet]) { _, new in new }
        let early = try await ScriptRunner.run(binary, arguments: ["refresh"], environment: serviceEnvironment)
        #expect(early.status == 0, "\(early.standardError)")
        #expect(early.standardOutput.contains("nothing to refresh"))
        let created = try await ScriptRunner.run(binary, arguments: ["wallet", "init"], environment: serviceEnvironment)
        try #require(created.status == 0, "\(created.standardError)")
        let pass = try await ScriptRunner.run(binary, arguments: ["refresh", "--json"], environment: serviceEnvironment)
        #expect(pass.status == 0, "\(pass.standardError)")
        #expect(pass.standardOutput.contains("\"errors\": []"), "\(pass.standardOutput)")

        let status = try await ScriptRunner.run(
            DaemonTestSupport.cashu,
            arguments: ["daemon", "status", "--json"],
            environment: environment
        )
        let state = try #require(
            try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any]
        )
        #expect(state["installed"] as? Bool == true)
        #expect(state["execStart"] as? String == "\(binary) refresh --unless-service")
        #expect(state["daemonInstalled"] as? Bool == true)
        #expect(state["serviceRunning"] as? Bool == false)

        let uninstall = try await ScriptRunner.run(
            DaemonTestSupport.cashu,
            arguments: ["daemon", "uninstall"],
            environment: environment
        )
        #expect(uninstall.status == 0)
        #expect(!FileManager.default.fileExists(atPath: service))
        #expect(!FileManager.default.fileExists(atPath: timer))
        #expect(!FileManager.default.fileExists(atPath: daemon))
    }
}
