// CLI: `cashu receive [TOKEN]` — claim a token (NUT-00 V3/V4) by swapping its proofs for fresh ones (NUT-03).

import ArgumentParser
import CoreCashu
import LinuxCashu

struct ReceiveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receive",
        abstract: "Receive a token.",
        discussion: """
            The token comes as the argument, from --file PATH, or from stdin (no argument, or -), alone or inside \
            other text (a cashu: URI, a message). A token from a \
            mint the wallet does not know is refused unless --trust adds that mint. When the mint cannot be \
            reached the token is kept in the wallet and received later (`cashu refresh`); the command says \
            "queued". Tokens locked to the wallet's keys (`cashu wallet pubkey`, `cashu locks`), blinded or not \
            (NUT-28), are unlocked with them; --preimage opens an HTLC and --key adds a private key to sign \
            with (such a receive is not queued: it needs the mint now).
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The token (cashuA…/cashuB…); - or nothing reads stdin.", valueName: "token"))
    var token: String?

    @Option(name: .long, help: ArgumentHelp("Read the token from this file.", valueName: "path"))
    var file: String?

    @Flag(name: .long, help: "Add the token's mint to the wallet if it is not there yet.")
    var trust = false

    @Option(
        name: .long,
        help: ArgumentHelp("The preimage opening an HTLC-locked token (NUT-14), 64 hex digits.", valueName: "hex"))
    var preimage: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A private key (64 hex digits) to sign a locked token with, besides the wallet's own; repeat for several.",
            valueName: "hex"))
    var key: [String] = []

    func run() async throws {
        let text = try URInput.resolve(try TextInput.read(argument: token, file: file, what: "token"))
        // The token may come inside other text: a cashu: URI, a chat message, a file with other lines.
        let decoded: Token
        let encoded: String
        do { (decoded, encoded) = try TokenFinder.firstToken(in: text) } catch {
            throw CLIError(.input, "not a Cashu token", code: "invalidInput")
        }
        let trust = trust
        let unlocking = try unlockingOptions(trust: trust)
        try await WalletContext.run(global, .createIfMissing) { context in
            let unit = decoded.unit ?? "sat"
            let decision: QueueDecision
            // A large token is received in several swaps: their progress is drawn on a terminal.
            do {
                decision = try await EventProgress.around(context.wallet, output: context.output) {
                    () async throws -> QueueDecision in
                    // Stored first, then run; when the mint cannot be reached it stays queued
                    // (docs/linux/offline-queue.md).
                    if Set(decoded.mints).count > 1 || unlocking != nil {
                        // Proofs from several mints (V3): received directly (the queue runs an entry at one mint). So
                        // is a token opened with a preimage or keys given here: the queue keeps no secrets but the
                        // token.
                        let direct = try await context.wallet.prepareReceive(
                            token: decoded, options: unlocking ?? ReceiveOptions(addUnknownMint: trust)
                        ).confirm()
                        return .done(
                            QueuedOperationResult(
                                amount: direct.amount, fee: direct.fee, operationIDs: direct.operationIDs))
                    }
                    return try await context.linux.queue.receiveOrQueue(encoded, addUnknownMint: trust)
                }
            } catch let error as WalletError where error.code == .unknownMint {
                let mints = decoded.mints.joined(separator: ", ")
                throw CLIError(
                    .input,
                    "the token is from \(mints), which is not in this wallet; add it with `cashu mints add URL` "
                        + "or pass --trust",
                    code: "unknownMint"
                )
            } catch let error as WalletError where error.code == .alreadySpent {
                throw CLIError(.input, "the token was already claimed (its proofs are spent)", code: "alreadySpent")
            }
            let result: QueuedOperationResult
            switch decision {
            case .done(let done):
                result = done
            case .queued(let entry):
                let reason = await context.linux.queue.waitReason(of: entry)
                context.output.result(
                    human: QueueText.queued(
                        at: entry.mintURL, reason: reason, outcome: "the token is kept in the wallet and received"),
                    json: .object(
                        [
                            ("state", "queued"), ("queued", .string(entry.id.description)),
                            ("amount", .optional(entry.amount)), ("unit", .string(unit)),
                            ("mints", .array(decoded.mints.map { .string($0) })),
                        ] + QueueText.reasonFields(reason))
                )
                return
            }
            if context.created, let first = decoded.mints.first, let url = try? MintURL(first),
                try await context.wallet.defaultMint() == nil
            {
                try await context.wallet.setDefaultMint(url)
            }
            let fee = result.fee > 0 ? " (fee \(Amount.text(result.fee, unit)))" : ""
            let memo = decoded.memo.map { " Memo: \($0)" } ?? ""
            context.output.result(
                human:
                    "Received \(Amount.text(result.amount, unit))\(fee) from "
                    + "\(decoded.mints.map { Untrusted.display($0) }.joined(separator: ", ")).\(memo)",
                json: .object([
                    ("state", "received"),
                    ("amount", .number(result.amount)), ("fee", .number(result.fee)), ("unit", .string(unit)),
                    ("mints", .array(decoded.mints.map { .string($0) })), ("memo", .optional(decoded.memo)),
                    ("operations", .array(result.operationIDs.map { .string($0.description) })),
                ])
            )
        }
    }

    /// The receive options for `--preimage` and `--key`, or `nil` when neither is given.
    private func unlockingOptions(trust: Bool) throws -> ReceiveOptions? {
        guard preimage != nil || !key.isEmpty else { return nil }
        var options = ReceiveOptions(addUnknownMint: trust)
        if let preimage {
            do { options.preimage = try HTLCPreimage(hex: preimage.trimmingCharacters(in: .whitespaces)) } catch {
                throw CLIError(.input, "--preimage takes 32 bytes as 64 hex digits", code: "invalidInput")
            }
        }
        for text in key {
            do { options.signingKeys.append(try Scalar(hex: text.trimmingCharacters(in: .whitespaces))) } catch {
                throw CLIError(.input, "--key takes a private key as 64 hex digits", code: "invalidInput")
            }
        }
        return options
    }
}
