// CLI: `cashu lock` — forget the key `cashu unlock` kept in the kernel keyring.

import ArgumentParser
import CoreCashu
import LinuxCashu

struct LockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock", abstract: "Forget the key `cashu unlock` kept; commands need the passphrase again.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let directory = try global.walletDirectory()
        let output = Output(json: global.json)
        let removed: Bool
        do { removed = try WalletUnlock.lock(directory: directory.url) } catch { throw CLIError(secureStore: error) }
        output.result(
            human: removed ? "Locked." : "Already locked.", json: .object([("wasUnlocked", .bool(removed))]))
    }
}
