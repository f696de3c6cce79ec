// CLI: `cashu nwc revoke ID` — a connection stops at once: marked revoked, its key deleted from the secure store.

import ArgumentParser
import CashuNostr
import Foundation
import LinuxCashu

struct NWCRevokeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Revoke a connection: its app can no longer use the wallet.",
        discussion: """
            Takes effect for every process at once (a running service stops answering it within seconds). Its \
            requests get no answer: the key that would sign one is deleted. A payment it started whose outcome is \
            not known yet still settles.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The connection's id (`cashu nwc list`).", valueName: "id"))
    var id: String

    func run() async throws {
        let wanted = id.trimmingCharacters(in: .whitespaces).lowercased()
        try await WalletContext.run(global) { context in
            let revoked: WalletConnection?
            do {
                revoked = try await context.linux.revokeWalletConnection(id: wanted)
            } catch {
                throw NWCArguments.error(error)
            }
            guard let revoked, let revokedAt = revoked.revokedAt else {
                throw CLIError(.input, "no wallet connection \(wanted) (`cashu nwc list`)", code: "unknownConnection")
            }
            context.output.result(
                human: "Revoked connection \(revoked.id) (\"\(revoked.name)\").",
                json: .object([
                    ("id", .string(revoked.id)), ("revoked", .bool(true)),
                    ("revokedAt", .date(Date(timeIntervalSince1970: TimeInterval(revokedAt)))),
                ]))
        }
    }
}
