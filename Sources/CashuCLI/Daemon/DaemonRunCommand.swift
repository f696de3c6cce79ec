// CLI: `cashu daemon run` — the wallet as a long-running service (the systemd user unit `cashu.service` runs it).

import ArgumentParser
import CashuAPI
import CoreCashu
import Foundation
import LinuxCashu
import Logging
import ServiceLifecycle

struct DaemonRunCommand: AsyncParsableCommand, HandlesItsOwnSignals {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the wallet as a service until stopped (SIGTERM or Ctrl-C).",
        discussion: """
            Watches the network and the mints and runs queued receives and payments as soon as their mint can be \
            reached; mints quotes paid while nobody waits for them (through NUT-17 where the mint offers it); runs \
            the maintenance pass of `cashu refresh` at start and then every --refresh-every; serves the wallet's \
            Nostr Wallet Connect connections (`cashu nwc`). Tells systemd when \
            it is ready, when it stops, and that it is alive (Type=notify, WatchdogSec=). Commands on the same \
            wallet can run meanwhile: each operation is executed by one process.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Between maintenance passes: 90s, 10m, 2h (default 15m).", valueName: "duration"))
    var refreshEvery = "15m"

    @Option(help: ArgumentHelp("How often to look for new mint quotes to watch (default 30s).", valueName: "duration"))
    var scanEvery = "30s"

    @Flag(help: "Serve the local API and the web wallet on a Unix socket ($XDG_RUNTIME_DIR/cashu/api.sock).")
    var api = false

    @Option(
        help: ArgumentHelp(
            "Serve them on loopback TCP too (implies --api): 127.0.0.1:PORT, [::1]:PORT or localhost:PORT.",
            valueName: "address"))
    var apiListen: String?

    func run() async throws {
        let longest = UInt64(WalletDaemonConfiguration.longest.components.seconds)
        guard let seconds = DurationArgument.seconds(refreshEvery), seconds <= longest else {
            throw CLIError(.usage, "--refresh-every takes a duration such as 10m or 2h, at most 30d", code: "usage")
        }
        guard let scan = DurationArgument.seconds(scanEvery), scan <= longest else {
            throw CLIError(.usage, "--scan-every takes a duration such as 30s or 5m, at most 30d", code: "usage")
        }
        let verbose = global.verbose
        // No recovery pass before the service is ready: its first maintenance pass runs it (mints out of reach would
        // otherwise hold READY=1 back past systemd's start timeout).
        try await WalletContext.run(global, recover: false, service: true) { context in
            let logger = WalletContext.logger(verbose: verbose)
            // Desktop notifications where the session has a bus (and a notification service answers on it).
            let desktop = DesktopNotifier()
            // A failed payment is told once it had been in flight; a login notice once in a while per mint.
            let filter = NotificationFilter()
            let daemon = WalletDaemon(
                wallet: context.linux,
                configuration: WalletDaemonConfiguration(
                    refreshInterval: .seconds(Int64(clamping: seconds)),
                    quoteScanInterval: .seconds(Int64(clamping: scan))),
                logger: logger,
                onEvent: { event in
                    guard let desktop, filter.admits(event), let text = DaemonNotificationText.text(for: event) else {
                        return
                    }
                    desktop.post(summary: text.summary, body: text.body)
                })
            var services: [ServiceGroupConfiguration.ServiceConfiguration] = [.init(service: daemon)]
            if api || apiListen != nil {
                let server = try await APIServerChoice.server(
                    for: context, global: global, listen: apiListen, logger: logger)
                services += try server.services().map { .init(service: $0) }
            }
            var configuration = ServiceGroupConfiguration(
                services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            // A graceful stop that hangs is escalated to cancellation (anything in flight is journaled).
            configuration.maximumGracefulShutdownDuration = .seconds(5)
            let group = ServiceGroup(configuration: configuration)
            try await group.run()
            context.output.result(human: "Stopped.", json: .object([("stopped", .bool(true))]))
        }
    }
}
