// CLI: `cashu auth status` — whether the wallet is logged in to the mint, as whom and until when.

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
            guard let tokens else {
                context.output.result(
                    human: "Not logged in to \(mint) (`cashu auth login`).",
                    json: .object([("mint", .string(mint.rawValue)), ("loggedIn", .bool(false))]))
                return
            }
            let until = tokens.expiresAt.map { " until \(DateText.short($0))" } ?? ""
            let renew = tokens.refreshToken == nil ? "" : " (renewed by itself)"
            let who = tokens.subject.map { " as \(Untrusted.display($0, limit: 80))" } ?? ""
            context.output.result(
                human: "Logged in to \(mint)\(who)\(until)\(renew).",
                json: .object([
                    ("mint", .string(mint.rawValue)), ("loggedIn", .bool(true)), ("user", .optional(tokens.subject)),
                    ("expires", .optional(tokens.expiresAt.map { UInt64($0.timeIntervalSince1970) })),
                    ("renewable", .bool(tokens.refreshToken != nil)),
                ]))
        }
    }
}
