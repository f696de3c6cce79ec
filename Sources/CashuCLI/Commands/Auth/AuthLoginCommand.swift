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
            let login: MintLogin
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
                login = try await context.linux.login(at: mint, user: user, password: secret)
            } else {
                let device = try await context.linux.startDeviceLogin(at: mint)
                let page = Untrusted.display(device.verificationURI, limit: 200)
                Output.write(
                    "To log in to \(mint), open \(page) and enter the code \(device.userCode)\n",
                    to: .standardError)
                let animation = device.verificationURIComplete.flatMap {
                    QRDisplay.showWhileWaiting($0, caption: "Login page", output: context.output)
                }
                defer { animation?.set() }
                login = try await context.linux.finishDeviceLogin(device)
            }
            // The library topped up the mint's blind auth tokens (NUT-22), if it uses them.
            var blindTokens: Int?
            if (try? await context.wallet.capabilities(of: mint))?.supports(nut: 22) == true {
                blindTokens = try? await context.wallet.blindAuthTokenCount(mint: mint)
            }
            let who = login.user.map { " as \(Untrusted.display($0, limit: 80))" } ?? ""
            let pool = blindTokens.map { " \($0) blind auth token\($0 == 1 ? "" : "s") ready." } ?? ""
            context.output.result(
                human: "Logged in to \(mint)\(who).\(pool)",
                json: .object([
                    ("mint", .string(mint.rawValue)), ("user", .optional(login.user)),
                    ("expires", .optional(login.expiresAt.map { UInt64($0.timeIntervalSince1970) })),
                    ("blindAuthTokens", .optional(blindTokens.map { UInt64($0) })),
                ])
            )
        }
    }
}
