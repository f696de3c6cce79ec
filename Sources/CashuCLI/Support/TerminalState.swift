// CLI: the terminal's settings as the command found them, put back when it must exit at once (a second Ctrl-C
// during a hidden prompt would otherwise leave the terminal without echo).

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

enum TerminalState {
    /// Written once at start-up, before any other thread exists; read by the exit path only.
    nonisolated(unsafe) private static var saved: termios?

    /// Remembers stdin's terminal settings, if stdin is a terminal.
    static func save() {
        guard isatty(STDIN_FILENO) == 1 else { return }
        var settings = termios()
        if tcgetattr(STDIN_FILENO, &settings) == 0 { saved = settings }
    }

    /// Puts the remembered settings back (async-signal-safe: one tcsetattr).
    static func restore() {
        guard var settings = saved else { return }
        tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}
