// CLI: `cashu auth logout` — forget the wallet's login to the mint (the secure store's copy).

import ArgumentParser
import CoreCashu

struct AuthLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Forget the wallet's login to the mint.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            let mint = try await context.mint()
            let (session, _) = try await AuthSupport.session(mint, context: context)
            try await AuthSupport.authenticate { try await session.logout() }
            context.output.result(
                human: "Logged out of \(mint).", json: .object([("mint", .string(mint.rawValue))]))
        }
    }
}
