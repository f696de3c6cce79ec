// CLI: text given as an argument, in a file (--file PATH) or on stdin (no argument, or `-`) — tokens and requests.

import Foundation

/// Reads one piece of text (a token, a payment request) from where the user put it.
enum TextInput {
    /// The most bytes read from a file or stdin (a token with thousands of proofs stays well below).
    static let limit = 4 << 20

    /// The text, trimmed; `what` names it in errors ("token").
    static func read(argument: String?, file: String?, what: String) throws -> String {
        let raw: String
        if let file {
            guard argument == nil else { throw CLIError(.usage, "give the \(what) or --file, not both", code: "usage") }
            guard let handle = FileHandle(forReadingAtPath: file) else {
                throw CLIError(.input, "cannot read \(file)", code: "invalidInput")
            }
            defer { try? handle.close() }
            raw = try text(from: handle, what: what)
        } else if argument == nil || argument == "-" {
            raw = try text(from: .standardInput, what: what)
        } else {
            raw = argument ?? ""
        }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw CLIError(.input, "no \(what) given", code: "invalidInput") }
        return trimmed
    }

    private static func text(from handle: FileHandle, what: String) throws -> String {
        let data: Data
        do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch {
            throw CLIError(.input, "cannot read the \(what)", code: "invalidInput")
        }
        guard data.count <= limit else { throw CLIError(.input, "the \(what) is too long", code: "invalidInput") }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError(.input, "the \(what) is not UTF-8 text", code: "invalidInput")
        }
        return text
    }
}
