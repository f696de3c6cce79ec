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
            try await context.linux.logout(at: mint)
            // Blind auth tokens stay: they are anonymous and spent without the login.
            let held = try await context.wallet.blindAuthTokenCount(mint: mint)
            let kept = held == 0 ? "" : " \(held) blind auth token\(held == 1 ? " is" : "s are") kept."
            context.output.result(
                human: "Logged out of \(mint).\(kept)",
                json: .object([("mint", .string(mint.rawValue)), ("blindAuthTokens", .number(UInt64(held)))]))
        }
    }
}
