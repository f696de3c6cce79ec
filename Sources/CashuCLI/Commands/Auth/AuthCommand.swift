// CLI: `cashu auth login | status | logout` — logging in to a mint that requires it (NUT-21 clear auth over OpenID
// Connect); the login lives in the secure store and is renewed by itself.

import ArgumentParser

struct AuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "auth",
        abstract: "Log in to a mint that requires it (NUT-21).",
        subcommands: [AuthLoginCommand.self, AuthStatusCommand.self, AuthLogoutCommand.self]
    )
}
