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

    /// Reads one line; with `echo: false` and a terminal, what is typed is not shown.
    static func readLine(echo: Bool) async -> String? {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(returning: blockingReadLine(echo: echo))
            }
        }
    }

    private static func blockingReadLine(echo: Bool) -> String? {
        guard !echo, isatty(STDIN_FILENO) == 1 else { return Swift.readLine(strippingNewline: true) }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return Swift.readLine(strippingNewline: true) }
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        defer { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
        return Swift.readLine(strippingNewline: true)
    }
}
