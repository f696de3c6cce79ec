// CLI: `cashu pay INVOICE` — pay a Lightning invoice with ecash (NUT-05 melt): the quote with its fees is shown and
// confirmed, the unused fee reserve comes back as change (NUT-08). `cashu pay user@domain AMOUNT` (or an LNURL) asks
// the payee for the invoice first (LUD-06/16) and checks it before paying; `cashu pay ₿user@domain` pays what BIP-353
// publishes in DNS (an invoice, or a Cashu payment request).

import ArgumentParser
import CoreCashu
import LinuxCashu

struct PayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pay",
        abstract: "Pay a Lightning invoice with ecash.",
        discussion: """
            Shows the amount, the fee reserve (the most Lightning routing may cost; the unused part comes back \
            as change) and the estimated input fees, and asks before paying unless --yes. A payment still in \
            flight ends with exit code 75; `cashu pending` and `cashu refresh` settle it. With --yes, an invoice \
            whose mint cannot be reached is queued and paid when the mint is back (`cashu refresh`). To a Lightning \
            address (user@domain) or an LNURL, give the amount in sat: the payee's invoice must ask for exactly it \
            and commit to the payee's description, or nothing is paid. A BIP-353 address (₿user@domain) is looked up \
            in DNS (answers must be DNSSEC-validated by the resolver, CASHU_DNS_SERVER or /etc/resolv.conf) and \
            paid as the invoice or Cashu payment request it publishes.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(
        help: ArgumentHelp(
            "A bolt11 invoice, a Lightning address (user@domain), an LNURL or a BIP-353 address (₿user@domain).",
            valueName: "target"))
    var invoice: String

    @Argument(help: ArgumentHelp("The amount, for a Lightning address or an LNURL (sat).", valueName: "amount"))
    var amount: String?

    @Option(name: .long, help: ArgumentHelp("A comment for the payee, when it takes one (LUD-12).", valueName: "text"))
    var comment: String?

    @Flag(name: [.short, .long], help: "Pay without asking.")
    var yes = false

    func run() async throws {
        let destination = invoice.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = destination.lowercased()
        let isLNURL =
            !destination.hasPrefix("₿") && (destination.contains("@") || lower.hasPrefix("lnurl")
                || lower.hasPrefix("lightning:lnurl"))
        let body = lower.hasPrefix("lightning:") ? String(lower.dropFirst("lightning:".count)) : lower
        let isInvoice = !isLNURL && !destination.hasPrefix("₿") && !body.hasPrefix("creq")
        if isInvoice && amount != nil {
            throw CLIError(.usage, "an invoice carries its amount; give none", code: "usage")
        }
        if isLNURL && amount == nil {
            throw CLIError(.usage, "give the amount to pay, in sat: cashu pay \(destination) AMOUNT", code: "usage")
        }
        let given = try amount.map { text -> UInt64 in
            guard let value = Amount.parse(text), value > 0 else {
                throw CLIError(.input, "not a valid amount: \(text)", code: "invalidInput")
            }
            return value
        }
        let (yes, comment) = (yes, comment)
        try await WalletContext.run(global) { context in
            if !yes && !context.output.stdinIsTerminal {
                throw CLIError(.usage, "stdin is not a terminal: pass --yes to pay without a question", code: "usage")
            }
            // An invoice is paid from the mint the command names (the default, the only one); a payment request
            // (also one a BIP-353 address publishes) chooses among the mints it accepts.
            let mint = isInvoice ? try await context.mint() : try context.global.explicitMint()
            let unit = context.global.currencyUnit
            let prepared: PreparedPay
            do {
                prepared = try await context.linux.preparePay(
                    destination, amount: given, from: mint, unit: unit, comment: comment)
            } catch let error as WalletError where error.code == .mintUnreachable && yes && isInvoice {
                // Nothing was paid: with --yes the payment of an invoice waits in the offline queue, which quotes and
                // pays once the mint is back (`cashu refresh`), exactly once. (An invoice fetched from a Lightning
                // address is not kept: it would expire; the payment is made again when the mint is back.)
                try await Self.queue(destination, mint: try await context.mint(), unit: unit, error, context: context)
                return
            }
            switch prepared {
            case .invoice(let payment): try await Self.pay(payment, yes: yes, context: context)
            case .request(let payment): try await RequestPayCommand.pay(payment, yes: yes, context: context)
            }
        }
    }

    /// Keeps the payment of `invoice` in the offline queue until `mint` is back.
    private static func queue(
        _ invoice: String, mint: MintURL, unit: CurrencyUnit, _ error: WalletError, context: WalletContext
    ) async throws {
        let entry = try await context.linux.queue.enqueueMelt(request: invoice, mint: mint, unit: unit)
        let reason = QueueWaitReason(error)
        context.output.result(
            human: QueueText.queued(at: mint, reason: reason, outcome: "the payment is kept in the wallet and made"),
            json: .object(
                [
                    ("state", "queued"), ("queued", .string(entry.id.description)),
                    ("mint", .string(mint.rawValue)), ("unit", .string(unit.rawValue)),
                ] + QueueText.reasonFields(reason))
        )
    }

    /// Pays a prepared Lightning payment: its figures shown and confirmed (unless `yes`), then the melt.
    static func pay(_ prepared: PreparedPayment, yes: Bool, context: WalletContext) async throws {
        let output = context.output
        let (mint, unit, quote) = (prepared.mint, prepared.unit, prepared.quote)
        // The proofs are held while the question is open; a `no` (or an interrupted prompt) releases them.
        let inputFee = prepared.inputFee
        let summary = TextTable(rightAligned: [1]).with([
            ["Amount", Amount.text(prepared.amount, unit)],
            [
                "Fee reserve", Amount.text(prepared.feeReserve, unit),
                "(Lightning fees, at most; the rest comes back)",
            ],
            ["Input fees", Amount.text(inputFee, unit), prepared.swaps ? "(at most: a swap comes first)" : ""],
            ["At most", Amount.text(prepared.most, unit), "from \(mint)"],
        ])
        if !yes {
            Output.write("Pay this invoice?\n\(summary.rendered)\n", to: .standardError)
            try await Prompt.confirmOrRelease(
                "Pay \(Amount.text(quote.amount, unit))?", output: output, nothing: "paid", release: prepared.cancel)
        } else {
            output.note(summary.rendered)
        }
        let result = try await EventProgress.around(context.wallet, output: context.output) {
            try await prepared.confirm()
        }
        guard result.state == .paid else {
            throw CLIError(
                .pending,
                "the payment is in flight at the mint; `cashu pending` shows it and `cashu refresh` settles it",
                code: "pending",
                operationID: result.operationID
            )
        }
        let change = result.change > 0 ? " Change returned: \(Amount.text(result.change, unit))." : ""
        let paid = "Paid \(Amount.text(result.amount, unit)) (fees \(Amount.text(result.fee, unit)))."
        let proof = ProofOfPaymentText.sentence(result.proofOfPayment)
        if let warning = ProofOfPaymentText.warning(result.proofOfPayment, quoteID: quote.id) {
            output.warn(warning)
        }
        output.result(
            human: "\(paid)\(change) \(proof)",
            json: .object([
                ("quote", .string(quote.id)), ("mint", .string(mint.rawValue)), ("unit", .string(unit.rawValue)),
                ("amount", .number(result.amount)), ("feeReserve", .number(quote.feeReserve)),
                ("inputFeeEstimate", .number(inputFee)), ("state", "paid"), ("fee", .number(result.fee)),
                ("change", .number(result.change)), ("preimage", .optional(result.paymentPreimage)),
                ("proofOfPayment", .string(ProofOfPaymentText.name(result.proofOfPayment))),
                ("operation", .string(result.operationID.description)),
            ])
        )
    }
}
