// CLI: `cashu send AMOUNT` — make a token worth AMOUNT (NUT-00), optionally locked (NUT-11 P2PK with multisig,
// locktime and refund keys, NUT-14 HTLC, NUT-28 blinded keys); the token alone goes to stdout.

import ArgumentParser
import CoreCashu
import Foundation

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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Lock the token to this public key (NUT-11 P2PK); repeat for several (any --n-sigs of them sign).",
            valueName: "pubkey"))
    var lock: [String] = []

    @Option(name: .long, help: ArgumentHelp("How many of the --lock keys must sign (default 1).", valueName: "n"))
    var nSigs: Int?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "After this unix time or duration (10m, 2h, 7d) the refund keys may spend (default refund key: the "
                + "wallet's own, so `cashu pending --reclaim` takes it back).",
            valueName: "time"))
    var locktime: String?

    @Option(
        name: .long, help: ArgumentHelp("A refund key (repeat for several); needs --locktime.", valueName: "pubkey"))
    var refund: [String] = []

    @Option(name: .long, help: ArgumentHelp("How many --refund keys must sign (default 1).", valueName: "n"))
    var nSigsRefund: Int?

    @Flag(name: .long, help: "Signatures cover the whole transaction (SIG_ALL), not each input alone.")
    var sigAll = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Lock to the preimage of this SHA-256 hash (NUT-14 HTLC); --lock keys must sign too.", valueName: "hash"))
    var hash: String?

    @Flag(name: .long, help: "Blind the lock's keys (NUT-28 P2BK): the mint cannot link the token to the receiver.")
    var p2bk = false

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

    var lockArguments: LockArguments {
        LockArguments(
            keys: lock, requiredSignatures: nSigs, locktime: locktime, refundKeys: refund,
            requiredRefundSignatures: nSigsRefund, sigAll: sigAll, hash: hash, blinded: p2bk)
    }

    func validate() throws {
        if offline && lockArguments.isLocking {
            throw ValidationError("--offline cannot lock a token (locking needs a swap)")
        }
        do { try lockArguments.validate() } catch { throw ValidationError(error.message) }
        if offline && fresh { throw ValidationError("--offline and --fresh contradict each other") }
    }

    func run() async throws {
        guard let amount = Amount.parse(amount) else {
            throw CLIError(.input, "not a valid amount: \(amount)", code: "invalidInput")
        }
        let locking = lockArguments
        var options = SendOptions(memo: memo, includeFees: includeFees, offlineOnly: offline, preferOffline: !fresh)
        options.version = legacy ? .v3 : .v4
        // Parsed before the wallet opens, so a bad key or time costs nothing.
        _ = try locking.lock(now: Date(), ownRefundKey: nil)
        let unlockedOptions = options
        try await WalletContext.run(global) { context in
            let mint = try await context.mint()
            let unit = context.global.currencyUnit
            var sendOptions = unlockedOptions
            var ownRefund: Point?
            if locking.wantsOwnRefundKey { ownRefund = try await context.wallet.newReceivingKey() }
            sendOptions.lock = try locking.lock(now: Date(), ownRefundKey: ownRefund)
            let key = sendOptions.lock
            // Many small proofs are merged first: that progress is drawn on a terminal.
            let (result, made) = try await EventProgress.around(context.wallet, output: context.output) {
                let prepared = try await context.wallet.prepareSend(
                    amount: amount, mint: mint, unit: unit, options: sendOptions)
                return (prepared, try await prepared.confirm())
            }
            let token: String
            do { token = try made.serialized(as: sendOptions.version) } catch {
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
                    ("swapped", .bool(result.swaps)),
                    ("locked", .bool(key != nil)), ("operation", .string(result.operationID.description)),
                ])
            )
            await QRDisplay.show(token, caption: "Token", output: context.output)
            let fee = result.fee > 0 ? " (fee \(Amount.text(result.fee, unit)))" : ""
            let reclaim =
                switch (key, locking.locktime) {
                case (nil, _): "Until it is claimed, `cashu pending --reclaim` takes it back."
                case (_?, nil): "Locked: only the receiver can claim it; it cannot be taken back."
                case (_?, _?):
                    "Locked: after the locktime, if still unclaimed, `cashu pending --reclaim` takes it back"
                        + (ownRefund.map { " (refund key: this wallet's \($0.hex))." } ?? " with a refund key.")
                }
            context.output.note("Sent \(Amount.text(result.amount, unit)) from \(mint)\(fee). \(reclaim)")
        }
    }
}
