// CLI: `cashu auth login [--mint URL]` (device login: a code to enter at the provider's page) or
// `cashu auth login --user NAME --password` (the password read from stdin or asked for, never an argument).

import ArgumentParser
import CoreCashu
import Foundation
import LinuxCashu

struct AuthLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to the mint's OpenID provider.",
        discussion: """
            Without --user: shows an address and a code to enter there (on any device), and waits until the login \
            is approved. With --user NAME --password: the password is read from stdin, or asked for without echo \
            on a terminal; it is never taken from the command line. The login is kept in the secure store and \
            renewed before it expires.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: ArgumentHelp("Log in with this user name (password grant).", valueName: "name"))
    var user: String?

    @Flag(name: .long, help: "Read the password (from stdin, or a prompt); needs --user.")
    var password = false

    func validate() throws {
        if password != (user != nil) { throw ValidationError("--user and --password go together") }
    }

    func run() async throws {
        let user = user
        try await WalletContext.run(global) { context in
            let mint = try await context.mint()
            let (session, client) = try await AuthSupport.session(mint, context: context)
            let configuration = try await AuthSupport.authenticate { try await session.providerConfiguration() }
            let tokens: ClearAuthTokens
            if let user {
                let secret: String?
                if context.output.stdinIsTerminal {
                    Output.write("Password for \(user): ", to: .standardError)
                    secret = await Prompt.readLine(echo: false)
                    Output.write("\n", to: .standardError)
                } else {
                    secret = Swift.readLine(strippingNewline: true)
                }
                guard let secret, !secret.isEmpty else {
                    throw CLIError(.usage, "no password given", code: "usage")
                }
                tokens = try await AuthSupport.authenticate {
                    try await client.login(configuration, user: user, password: secret)
                }
            } else {
                let authorization = try await AuthSupport.authenticate {
                    try await client.startDeviceLogin(configuration)
                }
                let page = Untrusted.display(authorization.verificationURI, limit: 200)
                Output.write(
                    "To log in to \(mint), open \(page) and enter the code \(authorization.userCode)\n",
                    to: .standardError)
                let animation = authorization.verificationURIComplete.flatMap {
                    QRDisplay.showWhileWaiting($0, caption: "Login page", output: context.output)
                }
                defer { animation?.set() }
                tokens = try await AuthSupport.authenticate {
                    try await client.finishDeviceLogin(configuration, authorization)
                }
            }
            try await AuthSupport.authenticate { try await session.store(tokens) }
            let blindTokens = await AuthSupport.fillBlindAuthPool(mint, context: context)
            let who = tokens.subject.map { " as \(Untrusted.display($0, limit: 80))" } ?? ""
            let pool = blindTokens.map { " \($0) blind auth token\($0 == 1 ? "" : "s") ready." } ?? ""
            context.output.result(
                human: "Logged in to \(mint)\(who).\(pool)",
                json: .object([
                    ("mint", .string(mint.rawValue)), ("user", .optional(tokens.subject)),
                    ("expires", .optional(tokens.expiresAt.map { UInt64($0.timeIntervalSince1970) })),
                    ("blindAuthTokens", .optional(blindTokens.map { UInt64($0) })),
                ])
            )
        }
    }
}
