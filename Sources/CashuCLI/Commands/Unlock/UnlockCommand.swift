// CLI: `cashu unlock [--for DURATION]` — derive the encrypted secure store's key once and keep it in the kernel
// keyring (the session keyring), so later commands need neither the passphrase nor the slow KDF.

import ArgumentParser
import CoreCashu
import Foundation
import LinuxCashu

struct UnlockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Keep the passphrase-derived key in the kernel keyring for a while.",
        discussion: """
            For a wallet whose secrets are in a passphrase-encrypted file (no Secret Service). The passphrase is \
            read from CASHU_PASSPHRASE, else from stdin, or asked for without echo on a terminal. The derived key \
            (never the passphrase) is kept in the session's kernel keyring, as ssh-agent keeps keys, until --for \
            ends or `cashu lock`: commands started from this session then open the wallet without the passphrase.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(
        name: .customLong("for"),
        help: ArgumentHelp("How long the key is kept: 90s, 10m, 2h, 7d (default 1h).", valueName: "duration"))
    var duration = "1h"

    func run() async throws {
        guard let seconds = DurationArgument.seconds(duration), seconds <= 365 * 86_400 else {
            throw CLIError(.usage, "--for takes a duration such as 10m, 2h, 7d, at most 365d", code: "usage")
        }
        let directory = try global.walletDirectory()
        let output = Output(json: global.json)
        do { try WalletDirectorySafety.check(directory) } catch { throw CLIError(linuxWallet: error) }
        guard let passphrase = await Self.readPassphrase(output: output) else {
            throw CLIError(.usage, "no passphrase given", code: "usage")
        }
        let wallet: WalletID
        do {
            wallet = try await WalletUnlock.unlock(
                directory: directory.url, passphrase: passphrase, for: .seconds(Int64(clamping: seconds)))
        } catch {
            throw CLIError(secureStore: error)
        }
        let until = Date().addingTimeInterval(TimeInterval(seconds))
        output.result(
            human: "Unlocked until \(DateText.short(until)) (`cashu lock` forgets the key).",
            json: .object([
                ("wallet", .string(wallet.description)), ("expires", .number(UInt64(until.timeIntervalSince1970))),
            ]))
    }

    /// `CASHU_PASSPHRASE`, else a line of stdin, or a prompt without echo on a terminal.
    static func readPassphrase(output: Output) async -> SecureBytes? {
        if let given = WalletUnlock.passphrase(from: ProcessInfo.processInfo.environment) { return given }
        let line: String?
        if output.stdinIsTerminal {
            Output.write("Passphrase: ", to: .standardError)
            line = await Prompt.readLine(echo: false)
            Output.write("\n", to: .standardError)
        } else {
            line = Swift.readLine(strippingNewline: true)
        }
        guard let line, !line.isEmpty else { return nil }
        return SecureBytes(Array(line.utf8))
    }
}
