// CLI: questions to a person at the terminal — a yes/no confirmation, a secret typed without echo.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads answers from stdin, off the cooperative thread pool (a blocked read must not hold one of its threads).
enum Prompt {
    /// Asks `question` on stderr; true for "y"/"yes".
    /// - Throws: ``CLIError`` `usage` when stdin is not a terminal (scripts pass `--yes`).
    static func confirm(_ question: String, output: Output) async throws -> Bool {
        guard output.stdinIsTerminal else {
            throw CLIError(.usage, "stdin is not a terminal: pass --yes to go ahead without a question", code: "usage")
        }
        Output.write("\(question) [y/N] ", to: .standardError)
        let answer = await readLine(echo: true)?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return answer == "y" || answer == "yes"
    }

    /// Asks `question` about something prepared (``confirm(_:output:)``); a `no`, or a prompt that fails (Ctrl-C,
    /// no terminal), runs `release` (the prepared operation's `cancel()`) and throws.
    /// - Parameter nothing: what did not happen, for the refusal: "paid", "moved".
    /// - Throws: ``CLIError`` `declined` for a `no`; the prompt's own error otherwise.
    static func confirmOrRelease(
        _ question: String, output: Output, nothing: String, release: () async -> Void
    ) async throws {
        let confirmed: Bool
        do { confirmed = try await confirm(question, output: output) } catch {
            await release()
            throw error
        }
        guard confirmed else {
            await release()
            throw CLIError(.declined, "not confirmed; nothing was \(nothing)", code: "declined")
        }
    }

    /// Reads one line; with `echo: false` and a terminal, what is typed is not shown. Cancelling the task (Ctrl-C)
    /// ends the wait with `nil`.
    static func readLine(echo: Bool) async -> String? {
        let cancelled = CancelFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    continuation.resume(returning: blockingReadLine(echo: echo, cancelled: cancelled))
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    private static func blockingReadLine(echo: Bool, cancelled: CancelFlag) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return Swift.readLine(strippingNewline: true) }
        var saved = termios()
        let haveTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if !echo && haveTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer { if !echo && haveTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) } }
        // A terminal in canonical mode is readable once a whole line was typed; poll so a cancel is noticed.
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while !cancelled.isSet {
            let ready = poll(&descriptor, 1, 100)
            if ready > 0 { return Swift.readLine(strippingNewline: true) }
            if ready < 0 && errno != EINTR { return nil }
        }
        return nil
    }
}
