// CLI: the one renderer — results on stdout (human text or one JSON object), notes and errors on stderr.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where and how a command writes.
///
/// A result goes to stdout once: human text, or with `--json` exactly one JSON object. Notes (QR codes, hints,
/// progress) go to stderr and only when stderr is a terminal, so scripts see nothing but the result. Warnings and
/// errors go to stderr always, as one line each.
struct Output: Sendable {
    /// `--json` was given.
    let json: Bool
    /// stderr is a terminal (notes and progress are shown).
    let stderrIsTerminal: Bool
    /// stdout is a terminal.
    let stdoutIsTerminal: Bool
    /// stdin is a terminal (prompts are possible).
    let stdinIsTerminal: Bool

    init(json: Bool) {
        self.json = json
        stderrIsTerminal = isatty(STDERR_FILENO) == 1
        stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        stdinIsTerminal = isatty(STDIN_FILENO) == 1
    }

    /// Writes the command's result: `human` lines, or the JSON object.
    func result(human: @autoclosure () -> String, json object: @autoclosure () -> JSONOutput) {
        if json {
            Self.write(object().rendered + "\n", to: .standardOutput)
        } else {
            let text = human()
            guard !text.isEmpty else { return }
            Self.write(text.hasSuffix("\n") ? text : text + "\n", to: .standardOutput)
        }
    }

    /// A note for a person at a terminal (stderr, only when it is a terminal).
    func note(_ text: @autoclosure () -> String) {
        guard stderrIsTerminal else { return }
        let line = text()
        Self.write(line.hasSuffix("\n") ? line : line + "\n", to: .standardError)
    }

    /// A warning: one line on stderr, always.
    func warn(_ text: String) {
        Self.write("cashu: warning: \(CLIError.oneLine(text))\n", to: .standardError)
    }

    /// Reports a failure: one line on stderr, and with `--json` one error object on stdout.
    func failure(_ error: CLIError) {
        Self.write("cashu: error: \(CLIError.oneLine(error.message))\n", to: .standardError)
        if json {
            var fields: [(String, JSONOutput)] = [
                ("code", .string(error.code)), ("class", .string(error.exitClass.name)),
                ("exit", .number(UInt64(error.exitClass.rawValue))), ("message", .string(error.message)),
            ]
            if let operation = error.operationID { fields.append(("operation", .string(operation.description))) }
            fields += error.extra
            Self.write(JSONOutput.object([("error", .object(fields))]).rendered + "\n", to: .standardOutput)
        }
    }

    /// Raw text on stderr without a newline (progress bars redraw the line).
    func progress(_ text: String) {
        guard stderrIsTerminal, !json else { return }
        Self.write(text, to: .standardError)
    }

    /// Writes and ignores a closed pipe (SIGPIPE is ignored at start-up; the result was already made durable).
    static func write(_ text: String, to handle: FileHandle) {
        try? handle.write(contentsOf: Data(text.utf8))
    }
}
