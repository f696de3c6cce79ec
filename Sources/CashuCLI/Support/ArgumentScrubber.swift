// CLI: hides secrets given on the command line (a token to `cashu receive` or `cashu decode`) from other users.

import Foundation
import LinuxCashu

/// Overwrites, in the process's own argument memory, every argument that carries a secret.
///
/// Any local user can read another process's arguments (`/proc/PID/cmdline`, `ps`) while it runs, and an ecash token
/// is a bearer secret: whoever reads it can claim it first. Once the arguments have been copied into Swift strings,
/// the bytes of each argument the log redactor would remove (tokens, long hex, auth tokens, mnemonics) are zeroed, so
/// `/proc` shows empty arguments for the rest of the run. URLs with a password (`--database`, `--proxy`) are zeroed
/// too. This narrows the exposure to the few milliseconds between
/// `exec` and this call; stdin (`cashu receive -`) and `--file` avoid it entirely, and the docs say so.
enum ArgumentScrubber {
    /// Zeroes the arguments (after the program name) that the log redaction finds a secret in.
    static func scrub() {
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let length = strlen(argument)
            let text = String(cString: argument)
            guard length > 0, CashuLogging.containsSecret(text) || carriesPassword(text) else { continue }
            memset(argument, 0, length)
        }
    }

    /// Whether `argument` holds a URL with a password (`postgres://user:secret@host/db`, `socks5h://u:p@host`),
    /// alone or as an option's `--name=value`.
    static func carriesPassword(_ argument: String) -> Bool {
        guard let scheme = argument.range(of: "://") else { return false }
        // libpq's URLs also take `?password=...`.
        if argument[scheme.upperBound...].range(of: "password=", options: .caseInsensitive) != nil { return true }
        let authority = argument[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return false }
        return authority[..<at].contains(":")
    }
}
