// CLI: `cashu restore` — recover ecash from a recovery phrase (NUT-09 restore of NUT-13 deterministic outputs).

import ArgumentParser
import CashuNostr
import CoreCashu

struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore the wallet's ecash from its recovery phrase.",
        discussion: """
            The phrase is read from stdin, or asked for (without echo) on a terminal; never from the command \
            line, where other users could see it. Restores from --mint (added when new), else from every mint \
            in the wallet, else from the mints in the wallet's Nostr backup (NUT-27: found on the relays with the \
            phrase alone). Works on a new directory (creating the wallet) and on the wallet the phrase belongs to.
            """
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let output = Output(json: global.json)
        let phrase: String?
        if output.stdinIsTerminal {
            Output.write("Recovery phrase (12 or 24 words; not shown): ", to: .standardError)
            phrase = await Prompt.readLine(echo: false)
        } else {
            phrase = try? TextInput.read(argument: nil, file: nil, what: "recovery phrase")
        }
        let words = (phrase ?? "").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").lowercased()
        guard !words.isEmpty else { throw CLIError(.input, "no recovery phrase given", code: "invalidInput") }
        let mnemonic: Mnemonic
        do { mnemonic = try Mnemonic(phrase: words) } catch {
            throw CLIError(
                .input,
                "not a valid BIP-39 recovery phrase (check the words and their order)",
                code: "invalidInput"
            )
        }
        try await WalletContext.run(global, .createIfMissing, mnemonic: mnemonic) { context in
            var mints = try await context.wallet.mints().map(\.url)
            if let explicit = try context.global.explicitMint() {
                if !mints.contains(explicit) { try await context.wallet.addMint(explicit) }
                if try await context.wallet.defaultMint() == nil {
                    try await context.wallet.setDefaultMint(explicit)
                }
                mints = [explicit]
            }
            if mints.isEmpty { mints = try await Self.mintsFromNostr(context) }
            guard !mints.isEmpty else {
                throw CLIError(.config, "name the mint to restore from: --mint URL", code: "noMint")
            }
            // The batches scanned are drawn on a terminal from the wallet's progress events.
            var results: [(MintURL, RestoreResult)] = []
            for mint in mints {
                let result = try await EventProgress.around(context.wallet, output: context.output) {
                    try await context.wallet.restore(mint: mint)
                }
                results.append((mint, result))
            }
            let unit = context.global.currencyUnit
            var balances: [MintURL: UInt64] = [:]
            for (mint, _) in results { balances[mint] = try await context.wallet.balance(mint: mint, unit: unit) }
            var table = TextTable(rightAligned: [1])
            for (mint, result) in results {
                table.add([
                    mint.rawValue, Amount.text(balances[mint] ?? 0, unit),
                    "(\(result.proofCount) proof(s) restored, \(result.spentCount) already spent)",
                ])
            }
            context.output.result(
                human: "Restored from \(results.count) mint(s); spendable now:\n" + table.rendered,
                json: .object([
                    (
                        "mints",
                        .array(
                            results.map { mint, result in
                                .object([
                                    ("mint", .string(mint.rawValue)), ("balance", .number(balances[mint] ?? 0)),
                                    ("unit", .string(unit.rawValue)), ("restored", .number(result.amount)),
                                    ("proofs", .int(result.proofCount)), ("spent", .int(result.spentCount)),
                                    ("rejected", .int(result.rejectedCount)), ("requests", .int(result.requests)),
                                ])
                            }
                        )
                    )
                ])
            )
        }
    }

    /// NUT-27: the mints of the newest backup of this phrase on the relays, added to the wallet.
    static func mintsFromNostr(_ context: WalletContext) async throws -> [MintURL] {
        let backup: [String]?
        do { backup = try await context.linux.fetchMintListBackup() } catch {
            throw CLIError(
                .config, "name the mint to restore from: --mint URL (no Nostr backup found: \(CLIError.reason(error)))",
                code: "noMint")
        }
        guard let backup, !backup.isEmpty else { return [] }
        var mints: [MintURL] = []
        for text in backup {
            guard let url = try? MintURL(text) else {
                context.output.warn("skipping \(text) from the Nostr backup: not a mint URL")
                continue
            }
            if !mints.contains(url) { mints.append(url) }
        }
        context.output.note("Found \(mints.count) mint(s) in the wallet's Nostr backup.")
        var added: [MintURL] = []
        for mint in mints {
            do {
                try await Self.addMint(mint, context: context)
                added.append(mint)
            } catch {
                // The backup keeps listing it: this wallet's shorter list must not replace it.
                context.holdMintBackup.set()
                context.output.warn(
                    "cannot reach \(mint) from the Nostr backup (\(error)); restore it later with --mint")
            }
        }
        if try await context.wallet.defaultMint() == nil, let first = added.first {
            try await context.wallet.setDefaultMint(first)
        }
        return added
    }

    /// Adds a mint of the backup, asking again twice (after 1 s, then 3 s) when it did not answer or refused: a
    /// busy mint must not drop its ecash from a restore.
    static func addMint(_ mint: MintURL, context: WalletContext) async throws {
        let transient: Set<WalletError.Code> = [.mintUnreachable, .mintRefused, .pending]
        for delay in [1, 3] {
            let code: WalletError.Code
            do {
                _ = try await context.wallet.addMint(mint)
                return
            } catch {
                code = error.code
            }
            guard transient.contains(code) else { break }
            try await Task.sleep(for: .seconds(delay))
        }
        _ = try await context.wallet.addMint(mint)
    }
}
