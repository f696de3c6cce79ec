// CLI daemon: the systemd user units — `cashu.service` runs the wallet as a service, and `cashu-refresh.timer` runs
// `cashu refresh` every 15 minutes when the service does not (dist/systemd holds the defaults).

/// The text of `cashu.service`, `cashu-refresh.service` and `cashu-refresh.timer`.
///
/// One source for both the files `cashu daemon install` writes and the ones shipped in dist/systemd (a test keeps
/// them equal). Both services are hardened: they may write only the wallet directory, reach the network (and the
/// session bus, for the Secret Service) and nothing else.
struct SystemdUnits: Equatable {
    static let daemonName = "cashu.service"
    static let serviceName = "cashu-refresh.service"
    static let timerName = "cashu-refresh.timer"

    /// The `cashu` binary the service runs (`%h/.local/bin/cashu` in the shipped units).
    var executable: String
    /// The wallet directory the service may write (`%h/.local/share/cashu` in the shipped units).
    var walletDirectory: String
    /// Passed as `CASHU_DIR` when the wallet is not in the default place.
    var exportsWalletDirectory: Bool
    /// Passed as `CASHU_WALLET` for a named wallet (`--wallet NAME`): then `walletDirectory` is the directory that
    /// holds it, the default wallet's. One wallet's services are installed at a time.
    var walletName: String? = nil
    /// Passed as `CASHU_PROXY` when the wallet goes through a proxy (one without credentials: those belong in
    /// `refresh.env`, mode 0600).
    var proxy: String? = nil
    /// Whether the service serves the local API (`--api`), and its loopback TCP address (`--api-listen`).
    var api = false
    var apiListen: String? = nil

    /// The units shipped in dist/systemd: the binary in `~/.local/bin`, the wallet in its default directory.
    static let shipped = SystemdUnits(
        executable: "%h/.local/bin/cashu",
        walletDirectory: "%h/.local/share/cashu",
        exportsWalletDirectory: false
    )

    /// The units for `executable` (default: the running binary) and the wallet in `walletDirectory`, both literal
    /// paths (`%` and `\` escaped; `$` too in `ExecStart=`, where systemd expands variables); `nil` when the running
    /// binary cannot be found or a path holds a control character.
    static func installed(executable: String?, walletDirectory: String, walletName: String? = nil) -> SystemdUnits? {
        guard let binary = executable ?? DaemonInstallation.currentExecutable(), binary.hasPrefix("/") else {
            return nil
        }
        // A newline would start a directive of its own; no control character belongs in a unit file.
        let hasControl = (binary + walletDirectory).unicodeScalars.contains {
            $0.properties.generalCategory == .control
        }
        guard !hasControl else { return nil }
        return SystemdUnits(
            executable: escaped(binary).replacingOccurrences(of: "$", with: "$$"),
            walletDirectory: escaped(walletDirectory),
            exportsWalletDirectory: true,
            walletName: walletName == GlobalOptions.defaultWalletName ? nil : walletName
        )
    }

    /// systemd treats `%` as a specifier and `\` as an escape in unit values: a literal path must escape them.
    /// Paths that already use specifiers (the shipped units) are passed as they are.
    static func escaped(_ path: String) -> String {
        path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "%%")
    }

    /// Quotes an ExecStart argument when it holds spaces or quotes.
    private static func argument(_ value: String) -> String {
        guard value.contains(where: { $0 == " " || $0 == "\"" || $0 == "'" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    var service: String {
        var lines = [
            "# Installed by `cashu daemon install`; runs one refresh pass of the Cashu wallet (see cashu(1)).",
            "[Unit]",
            "Description=Cashu wallet refresh (resume operations, mint paid quotes, settle melts, check sent tokens)",
            "Documentation=man:cashu(1)",
            "",
            "[Service]",
            "Type=oneshot",
            // Nothing to do while cashu.service runs: it refreshes by itself.
            "ExecStart=\(Self.argument(executable)) refresh --unless-service",
        ]
        lines += environment
        lines += [
            // A mint that is down (69) or a payment still in flight (75) is the next run's job, not a failed unit.
            "SuccessExitStatus=69 75",
            "Nice=10",
            "TimeoutStartSec=10min",
        ]
        lines += hardening
        return lines.joined(separator: "\n") + "\n"
    }

    /// The always-on service: `cashu daemon run`, telling systemd when it is ready and that it is alive.
    var daemon: String {
        var lines = [
            "# Installed by `cashu daemon install`; runs the Cashu wallet as a service (see cashu(1)).",
            "[Unit]",
            "Description=Cashu wallet service (queued payments once mints are reachable, paid quotes minted, refresh)",
            "Documentation=man:cashu(1)",
            "",
            "[Service]",
            "Type=notify",
            "NotifyAccess=main",
            "ExecStart=\(Self.argument(executable)) daemon run\(apiArguments)",
            "WatchdogSec=2min",
            "Restart=on-failure",
            "RestartSec=30s",
            // Usage, input, a missing passphrase or login, a missing wallet: restarting would not help.
            "RestartPreventExitStatus=64 65 74 77 78",
            "TimeoutStartSec=2min",
            "TimeoutStopSec=30s",
        ]
        if api {
            // The local API's socket directory, `$XDG_RUNTIME_DIR/cashu`: made by systemd (writable under
            // ProtectSystem=strict), 0700, removed when the service stops.
            lines += ["RuntimeDirectory=cashu", "RuntimeDirectoryMode=0700"]
        }
        lines += environment
        lines += hardening
        lines += ["", "[Install]", "WantedBy=default.target"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The local API's options of `daemon run`.
    private var apiArguments: String {
        if let apiListen { return " --api-listen \(Self.argument(apiListen))" }
        return api ? " --api" : ""
    }

    /// Where the wallet is and how it is reached, for both services.
    private var environment: [String] {
        var lines: [String] = []
        if exportsWalletDirectory {
            lines.append("Environment=\(Self.argument("CASHU_DIR=\(walletDirectory)"))")
        }
        if let walletName {
            lines.append("Environment=CASHU_WALLET=\(walletName)")
        }
        if let proxy {
            // The services go through the same proxy as the commands, never directly.
            lines.append("Environment=\(Self.argument("CASHU_PROXY=\(Self.escaped(proxy))"))")
        }
        // Servers keep CASHU_PASSPHRASE (the encrypted secret store's passphrase) here, mode 0600.
        lines.append("EnvironmentFile=-%h/.config/cashu/refresh.env")
        return lines
    }

    /// What both services may not do.
    private var hardening: [String] {
        [
            "UMask=0077",
            "NoNewPrivileges=yes",
            "ProtectSystem=strict",
            "ProtectHome=read-only",
            "ReadWritePaths=-\(Self.argument(walletDirectory))",
            "PrivateTmp=yes",
            "PrivateDevices=yes",
            "ProtectKernelTunables=yes",
            "ProtectKernelModules=yes",
            "ProtectControlGroups=yes",
            "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK",
            "RestrictNamespaces=yes",
            "RestrictRealtime=yes",
            "RestrictSUIDSGID=yes",
            "LockPersonality=yes",
            "SystemCallArchitectures=native",
        ]
    }

    var timer: String {
        [
            "# Installed by `cashu daemon install`; starts cashu-refresh.service every 15 minutes (see cashu(1)).",
            "[Unit]",
            "Description=Refresh the Cashu wallet every 15 minutes",
            "Documentation=man:cashu(1)",
            "",
            "[Timer]",
            "OnCalendar=*:0/15",
            "RandomizedDelaySec=5min",
            "AccuracySec=1min",
            "Persistent=true",
            "Unit=\(Self.serviceName)",
            "",
            "[Install]",
            "WantedBy=timers.target",
        ].joined(separator: "\n") + "\n"
    }
}
