// CLI: `cashu auth status` — whether the wallet is logged in to the mint, as whom and until when, and how many
// NUT-22 blind auth tokens it holds.

import ArgumentParser
import CoreCashu
import Foundation

struct AuthStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show whether the wallet is logged in to the mint.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            let mint = try await context.mint()
            let login = try await context.linux.login(at: mint)
            // NUT-22 tokens are spent without the login, so they count with or without one.
            let held = try await context.wallet.blindAuthTokenCount(mint: mint)
            let pool = " \(held) blind auth token\(held == 1 ? "" : "s") left."
            guard let login else {
                context.output.result(
                    human: "Not logged in to \(mint) (`cashu auth login`).\(pool)",
                    json: .object([
                        ("mint", .string(mint.rawValue)), ("loggedIn", .bool(false)),
                        ("blindAuthTokens", .number(UInt64(held))),
                    ]))
                return
            }
            let until = login.expiresAt.map { " until \(DateText.short($0))" } ?? ""
            let renew = !login.renewable ? "" : " (renewed by itself)"
            let who = login.user.map { " as \(Untrusted.display($0, limit: 80))" } ?? ""
            context.output.result(
                human: "Logged in to \(mint)\(who)\(until)\(renew).\(pool)",
                json: .object([
                    ("mint", .string(mint.rawValue)), ("loggedIn", .bool(true)), ("user", .optional(login.user)),
                    ("expires", .optional(login.expiresAt.map { UInt64($0.timeIntervalSince1970) })),
                    ("renewable", .bool(login.renewable)), ("blindAuthTokens", .number(UInt64(held))),
                ]))
        }
    }
}
