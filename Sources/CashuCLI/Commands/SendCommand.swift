// CLI: `cashu send AMOUNT` — make a token worth AMOUNT (NUT-00), optionally locked to a key (NUT-11); the token alone
// goes to stdout.

import ArgumentParser
import CoreCashu

struct SendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Make a token worth AMOUNT and print it.",
        discussion: """
            Prints the token alone on stdout (a QR code and notes go to stderr on a terminal). The token stays \
            reclaimable until the receiver claims it: see `cashu pending`.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The amount to send, in --unit.", valueName: "amount"))
    var amount: String

    @Option(name: .long, help: ArgumentHelp("Lock the token to this public key (NUT-11 P2PK).", valueName: "pubkey"))
    var lock: String?

    @Flag(name: .long, help: "Only use proofs the wallet already has (no swap at the mint); fails without exact ones.")
    var offline = false

    @Option(name: .long, help: ArgumentHelp("A memo for the receiver.", valueName: "text"))
    var memo: String?

    @Flag(name: .long, help: "Add the receiver's swap fee to the token, so they get the full amount.")
    var includeFees = false

    @Flag(
        name: .long,
        help: "Swap for fresh proofs even when exact ones exist (the token cannot be linked to earlier ones)."
    )
    var fresh = false

    @Flag(name: .long, help: "Encode as a V3 token (cashuA…) for old wallets instead of V4 (cashuB…).")
    var legacy = false

    func validate() throws {
        if offline && lock != nil { throw ValidationError("--offline cannot lock a token (locking needs a swap)") }
        if offline && fresh { throw ValidationError("--offline and --fresh contradict each other") }
    }

    func run() async throws {
        guard let amount = Amount.parse(amount) else {
            throw CLIError(.input, "not a valid amount: \(amount)", code: "invalidInput")
        }
        let key = try lock.map(PublicKeyArgument.parse)
        var options = SendOptions(memo: memo, includeFees: includeFees, offlineOnly: offline, preferOffline: !fresh)
        if let key { options.lock = .p2pk(key: key) }
        options.version = legacy ? .v3 : .v4
        let sendOptions = options
        try await WalletContext.run(global) { context in
            let mint = try await context.mint()
            let unit = context.global.currencyUnit
            let result = try await context.wallet.send(amount: amount, mint: mint, unit: unit, options: sendOptions)
            let token: String
            do { token = try result.token.serialized(as: sendOptions.version) } catch {
                throw CLIError(
                    .internal,
                    "the token cannot be encoded; it stays reclaimable with `cashu pending --reclaim`",
                    code: "internal",
                    operationID: result.operationID
                )
            }
            context.output.result(
                human: token,
                json: .object([
                    ("token", .string(token)), ("amount", .number(result.amount)), ("fee", .number(result.fee)),
                    ("unit", .string(unit.rawValue)), ("mint", .string(mint.rawValue)),
                    ("swapped", .bool(result.swapped)),
                    ("locked", .bool(key != nil)), ("operation", .string(result.operationID.rawValue)),
                ])
            )
            QRDisplay.show(token, caption: "Token", output: context.output)
            let fee = result.fee > 0 ? " (fee \(Amount.text(result.fee, unit)))" : ""
            let locked = key != nil ? ", locked to the given key" : ""
            context.output.note(
                "Sent \(Amount.text(result.amount, unit)) from \(mint)\(fee)\(locked). Until it is claimed, "
                    + "`cashu pending --reclaim` takes it back."
            )
        }
    }
}
