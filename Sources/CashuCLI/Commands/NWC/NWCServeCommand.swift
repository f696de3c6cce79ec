// CLI: `cashu nwc serve` — the NIP-47 wallet service in the foreground, for a wallet without `cashu daemon run`.

import ArgumentParser
import CashuNostr
import CoreCashu
import Foundation
import LinuxCashu
import Logging
import ServiceLifecycle

struct NWCServeCommand: AsyncParsableCommand, HandlesItsOwnSignals {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the wallet's connections until stopped (SIGTERM or Ctrl-C).",
        discussion: """
            Not needed while the wallet service runs (`cashu daemon run` serves the connections itself; serve \
            refuses then). Listens on the connections' relays, answers each request once, and picks up \
            connections added or revoked meanwhile. Payments interrupted by a stop are settled at the next start: \
            never paid twice, their budget kept reserved until their outcome is known.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let directory = try global.walletDirectory()
        if ServicePresence.isRunning(in: directory.url) {
            throw CLIError(
                .config, "the wallet service (`cashu daemon run`) serves the connections already",
                code: "serviceRunning")
        }
        let verbose = global.verbose
        // Recovery first: a payment cut short by a stop is resumed before its budget is reconciled.
        try await WalletContext.run(global) { context in
            let logger = WalletContext.logger(verbose: verbose)
            let now = Int64(Date().timeIntervalSince1970)
            let live = (try? await context.linux.walletConnections())?.filter { $0.state(at: now) == "active" }
            if live?.isEmpty ?? true {
                context.output.note("No live connection yet: `cashu nwc add` makes one; it is served within seconds.")
            }
            let service = NWCService(wallet: context.linux, logger: logger)
            var configuration = ServiceGroupConfiguration(
                services: [.init(service: service)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            configuration.maximumGracefulShutdownDuration = .seconds(5)
            let group = ServiceGroup(configuration: configuration)
            try await group.run()
            context.output.result(human: "Stopped.", json: .object([("stopped", .bool(true))]))
        }
    }
}
