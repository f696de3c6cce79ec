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
            let (session, _) = try await AuthSupport.session(mint, context: context)
            let tokens = try await AuthSupport.authenticate { try await session.tokens() }
            // NUT-22 tokens are spent without the login, so they count with or without one.
            let held = try await context.wallet.blindAuthTokenCount(mint: mint)
            let pool = " \(held) blind auth token\(held == 1 ? "" : "s") left."
            guard let tokens else {
                context.output.result(
                    human: "Not logged in to \(mint) (`cashu auth login`).\(pool)",
                    json: .object([
                        ("mint", .string(mint.rawValue)), ("loggedIn", .bool(false)),
                        ("blindAuthTokens", .number(UInt64(held))),
                    ]))
                return
            }
            let until = tokens.expiresAt.map { " until \(DateText.short($0))" } ?? ""
            let renew = tokens.refreshToken == nil ? "" : " (renewed by itself)"
            let who = tokens.subject.map { " as \(Untrusted.display($0, limit: 80))" } ?? ""
            context.output.result(
                human: "Logged in to \(mint)\(who)\(until)\(renew).\(pool)",
                json: .object([
                    ("mint", .string(mint.rawValue)), ("loggedIn", .bool(true)), ("user", .optional(tokens.subject)),
                    ("expires", .optional(tokens.expiresAt.map { UInt64($0.timeIntervalSince1970) })),
                    ("renewable", .bool(tokens.refreshToken != nil)), ("blindAuthTokens", .number(UInt64(held))),
                ]))
        }
    }
}
