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
        if invoice.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("₿") {
            switch try await BIP353Payment.resolve(invoice, global: global) {
            case .invoice(let resolved):
                if let amount, Amount.parse(amount) != Bolt11Amount.satoshis(resolved) {
                    throw CLIError(.input, "the payee's invoice is not for \(amount) sat", code: "invalidInput")
                }
                try await Self.pay(invoice: resolved, yes: yes, global: global)
            case .request(let request):
                try await RequestPayCommand.pay(request, amount: amount, memo: comment, yes: yes, global: global)
            }
            return
        }
        try await Self.pay(invoice: try await resolvedInvoice(), yes: yes, global: global)
    }

    /// Pays a bolt11 invoice: quote, fees shown and confirmed, melt.
    static func pay(invoice: String, yes: Bool, global: GlobalOptions) async throws {
        try await WalletContext.run(global) { context in
            let output = context.output
            let mint = try await context.mint()
            let unit = context.global.currencyUnit
            if !yes && !output.stdinIsTerminal {
                throw CLIError(.usage, "stdin is not a terminal: pass --yes to pay without a question", code: "usage")
            }
            let quote: StoredMeltQuote
            do {
                quote = try await context.wallet.meltQuote(request: invoice, mint: mint, unit: unit)
            } catch let error as WalletError where error.code == .mintUnreachable && yes {
                // Nothing was asked of the mint yet: with --yes the payment waits in the offline queue, which
                // quotes and pays once the mint is back (`cashu refresh`), exactly once.
                let entry = try await context.linux.queue.enqueueMelt(request: invoice, mint: mint, unit: unit)
                let reason = QueueWaitReason(error)
                output.result(
                    human: QueueText.queued(
                        at: mint, reason: reason, outcome: "the payment is kept in the wallet and made"),
                    json: .object(
                        [
                            ("state", "queued"), ("queued", .string(entry.id.rawValue)),
                            ("mint", .string(mint.rawValue)), ("unit", .string(unit.rawValue)),
                        ] + QueueText.reasonFields(reason))
                )
                return
            }
            // The proofs are held while the question is open; a `no` (or an interrupted prompt) releases them.
            let prepared = try await context.wallet.preparePayment(quoteID: quote.id)
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
                let confirmed: Bool
                do {
                    confirmed = try await Prompt.confirm("Pay \(Amount.text(quote.amount, unit))?", output: output)
                } catch {
                    await prepared.cancel()
                    throw error
                }
                guard confirmed else {
                    await prepared.cancel()
                    throw CLIError(.declined, "not confirmed; nothing was paid", code: "declined")
                }
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
                    ("proofOfPayment", .string(result.proofOfPayment.rawValue)),
                    ("operation", .string(result.operationID.rawValue)),
                ])
            )
        }
    }

    /// The invoice to pay: the argument itself, or the one a Lightning address's or LNURL's payee gives for
    /// the amount (checked against the amount and the payee's metadata before anything is paid).
    private func resolvedInvoice() async throws -> String {
        let text = invoice.trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = text.lowercased()
        let isLNURL = text.contains("@") || lower.hasPrefix("lnurl") || lower.hasPrefix("lightning:lnurl")
        guard isLNURL else {
            if amount != nil { throw CLIError(.usage, "an invoice carries its amount; give none", code: "usage") }
            return text
        }
        guard global.currencyUnit == .sat else {
            throw CLIError(.usage, "Lightning addresses are paid in sat (--unit sat)", code: "usage")
        }
        guard let amount, let sat = Amount.parse(amount), sat > 0 else {
            throw CLIError(.usage, "give the amount to pay, in sat: cashu pay \(text) AMOUNT", code: "usage")
        }
        let (millisatoshis, overflow) = sat.multipliedReportingOverflow(by: 1000)
        guard !overflow else { throw CLIError(.input, "the amount is too large", code: "invalidInput") }
        let target: LNURLPayTarget
        do { target = try LNURLPayTarget(text) } catch {
            throw CLIError(.input, error.reason, code: error.code.rawValue)
        }
        let proxy = try ProxyChoice.resolve(global)
        let client = HTTPMintConnector.makeHTTPClient(proxy: proxy)
        do {
            let lnurl = LNURLClient(httpClient: client, proxied: proxy != nil)
            let parameters = try await lnurl.payParameters(target)
            let invoice = try await lnurl.invoice(parameters, millisatoshis: millisatoshis, comment: comment)
            try? await client.shutdown()
            return invoice
        } catch {
            try? await client.shutdown()
            let exit: ExitClass =
                switch error.code {
                case .unreachable: .mintUnreachable
                case .payeeRefused: .mintRefused
                case .amountOutOfRange, .invalidAddress, .invalidComment: .input
                default: .protocol
                }
            throw CLIError(exit, "\(target): \(CLIError.oneLine(error.reason))", code: error.code.rawValue)
        }
    }
}
