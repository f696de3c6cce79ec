// CLI: `cashu daemon api-token` — the token every request to the service's local API carries.

import ArgumentParser
import CashuAPI

struct DaemonAPITokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "api-token",
        abstract: "Print the local API's token (`Authorization: Bearer TOKEN`), making it the first time.",
        discussion: """
            The token is kept in the wallet's secure store. Anyone holding it can spend from the wallet through the \
            service: keep it like the recovery phrase. --renew makes a new one; the service uses it from its next \
            start.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Make a new token (the old one stops working when the service next starts).")
    var renew = false

    func run() async throws {
        let renew = renew
        try await WalletContext.run(global, recover: false) { context in
            let token: String
            do {
                token =
                    renew ? try await APIToken.renew(in: context.linux) : try await APIToken.load(from: context.linux)
            } catch {
                throw CLIError(.storage, "the API token cannot be kept: \(CLIError.reason(error))", code: "secureStore")
            }
            context.output.result(human: token, json: .object([("token", .string(token))]))
        }
    }
}
