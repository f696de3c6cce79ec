// The `cashu` entry point: parse, run under the signal handlers, print one error line and exit with its class.

import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension CashuCommand {
    static func main() async {
        // A closed stdout must not kill the process between a durable result and its cleanup.
        signal(SIGPIPE, SIG_IGN)
        TerminalState.save()
        let arguments = GlobalArguments.normalize(Array(CommandLine.arguments.dropFirst()))
        // The arguments are Swift strings now: a token among them disappears from /proc/PID/cmdline.
        ArgumentScrubber.scrub()
        let output = Output(json: arguments.prefix { $0 != "--" }.contains("--json"))
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            // --help, --version and --generate-completion-script end here with status 0.
            guard exitCode(for: error) != .success else { exit(withError: error) }
            let text = CLIError.oneLine(message(for: error))
            output.failure(CLIError(.usage, "\(text) (see `cashu help`)", code: "usage"))
            Foundation.exit(ExitClass.usage.rawValue)
        }
        let boxed = UncheckedCommand(command: command)
        let work: @Sendable () async throws -> Void = {
            var command = boxed.command
            if var async = command as? any AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
            }
        }
        let error: (any Error)?
        let interrupted: Bool
        if command is any HandlesItsOwnSignals {
            do {
                try await work()
                error = nil
            } catch let failure {
                error = failure
            }
            interrupted = false
        } else {
            (error, interrupted) = await Interruption.run(output: output, work)
        }
        guard let error else { Foundation.exit(0) }
        if exitCode(for: error) == .success { exit(withError: error) }
        // A command that printed its own report and chose its exit class (refresh, recover) is not a failure to report.
        if let code = error as? ExitCode, !interrupted { Foundation.exit(code.rawValue) }
        var failure = CLIError.from(error)
        if interrupted && failure.exitClass != .interrupted {
            let journaled =
                failure.operationID != nil ? "; the operation is journaled and `cashu recover` settles it" : ""
            failure = CLIError(
                .interrupted,
                "interrupted\(journaled)",
                code: "cancelled",
                operationID: failure.operationID,
                extra: failure.extra  // e.g. the token of a payment that was not delivered
            )
        }
        output.failure(failure)
        Foundation.exit(failure.exitClass.rawValue)
    }

    /// A parsed command carried into the task that runs it (it is used there only).
    private struct UncheckedCommand: @unchecked Sendable {
        var command: any ParsableCommand
    }
}
