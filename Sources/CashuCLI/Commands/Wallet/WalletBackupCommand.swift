// CLI: `cashu wallet backup` — show the wallet's BIP-39 recovery phrase, on demand, with a warning.

import ArgumentParser
import CoreCashu

struct WalletBackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Show the wallet's recovery phrase (mnemonic), to write down.",
        discussion: """
            Anyone who has the phrase can take the wallet's ecash. It is printed on stdout (numbered on a \
            terminal, one line otherwise, so that it can be piped into `cashu restore`).
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            let mnemonic: Mnemonic
            do throws(WalletError) { mnemonic = try await context.wallet.recoveryPhrase() } catch {
                throw CLIError(.storage, CLIError.oneLine(error.reason), code: "secureStore")
            }
            Output.write(
                "cashu: warning: this is your wallet's recovery phrase. Anyone who sees it can spend your ecash. "
                    + "Write it down on paper, keep it offline, never share it.\n",
                to: .standardError
            )
            let words = mnemonic.exposedWords
            let human: String
            if context.output.stdoutIsTerminal {
                human = words.enumerated().map { index, word in
                    let number = String(index + 1)
                    return String(repeating: " ", count: 2 - number.count) + number + ". " + word
                }.joined(separator: "\n")
            } else {
                human = mnemonic.exposedPhrase
            }
            context.output.result(
                human: human,
                json: .object([("mnemonic", .string(mnemonic.exposedPhrase)), ("words", .int(words.count))])
            )
        }
    }
}
