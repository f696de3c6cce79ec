// CLI: `cashu mint AMOUNT` — get ecash for a Lightning payment (NUT-04): quote, show the invoice, wait until it is
// paid, mint. `cashu mint --quote ID` resumes a quote (after Ctrl-C, a timeout or `--no-wait`).

import ArgumentParser
import CoreCashu
import Foundation

struct MintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mint",
        abstract: "Mint ecash: pay a Lightning invoice, get the amount in ecash.",
        discussion: """
            Prints the invoice (and a QR code on a terminal) on stderr, waits until it is paid, then mints. \
            A mint named with --mint that the wallet does not know is added first. Interrupted or timed out, \
            resume with `cashu mint --quote ID`; `cashu refresh` also mints quotes paid meanwhile.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The amount to mint, in --unit.", valueName: "amount"))
    var amount: String?

    @Option(name: .long, help: ArgumentHelp("Resume this quote instead of asking for a new one.", valueName: "id"))
    var quote: String?

    @Flag(name: .long, help: "Print the invoice and quote, and exit without waiting for the payment.")
    var noWait = false

    @Option(name: .long, help: ArgumentHelp("How long to wait for the payment, in seconds.", valueName: "seconds"))
    var timeout: Int = 600

    func validate() throws {
        guard (amount == nil) != (quote == nil) else {
            throw ValidationError("give either an amount or --quote ID")
        }
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    func run() async throws {
        let amountText = amount
        let quoteID = quote
        let noWait = noWait
        let timeout = timeout
        try await WalletContext.run(global, amountText != nil ? .createIfMissing : .existing) { context in
            let output = context.output
            var stored: StoredMintQuote
            if let quoteID {
                if let known = try await context.wallet.mintQuotes().first(where: { $0.id == quoteID }) {
                    stored = known
                } else {
                    // A quote asked for before a restore (or by this phrase elsewhere): the mint still has it.
                    stored = try await context.wallet.importMintQuote(quoteID, mint: try await context.mint())
                }
                // Paid meanwhile? Then there is no invoice to show again.
                if stored.state == .unpaid && !noWait { stored = try await context.wallet.checkMintQuote(quoteID) }
            } else {
                guard let amountText, let amount = Amount.parse(amountText) else {
                    throw CLIError(.input, "not a valid amount: \(amountText ?? "")", code: "invalidInput")
                }
                let mint = try await context.mint(addIfMissing: true)
                stored = try await context.wallet.requestMintQuote(
                    amount: amount,
                    mint: mint,
                    unit: context.global.currencyUnit
                )
            }
            if noWait {
                output.result(
                    human: Self.invoiceText(stored) + "\nThen run: cashu mint --quote \(stored.id)",
                    json: Self.json(stored, state: stored.state.rawValue, minted: nil)
                )
                await QRDisplay.show(stored.request, caption: "Lightning invoice", output: output)
                return
            }
            if stored.state == .unpaid {
                Output.write(Self.invoiceText(stored) + "\n", to: .standardError)
                let animation = QRDisplay.showWhileWaiting(stored.request, caption: "Lightning invoice", output: output)
                defer { animation?.set() }
                output.note(
                    "Waiting for the payment (quote \(stored.id); Ctrl-C now and `cashu mint --quote \(stored.id)` "
                        + "later is fine)…"
                )
                do {
                    _ = try await context.wallet.waitForMintQuote(stored.id, timeout: .seconds(timeout))
                } catch let error as WalletError where error.code == .cancelled {
                    throw CLIError(
                        .interrupted,
                        "interrupted while waiting for the payment; resume with `cashu mint --quote \(stored.id)`",
                        code: "cancelled"
                    )
                } catch let error as WalletError where error.code == .quoteState {
                    let expired = stored.expiry.map { UInt64(Date().timeIntervalSince1970) > $0 } ?? false
                    if expired { throw error }
                    throw CLIError(
                        .pending,
                        "the invoice was not paid within \(timeout) s; resume with `cashu mint --quote \(stored.id)`",
                        code: "pending"
                    )
                }
            }
            let result: WalletOperationEvent
            do { result = try await context.wallet.mint(quoteID: stored.id) } catch let error as WalletError
            where error.code == .quoteState || error.code == .pending {
                // The wallet service (`cashu daemon run`) or another command may have minted it, or be minting it.
                guard await Self.mintedElsewhere(stored.id, context: context) else { throw error }
                output.result(
                    human: "Minted \(Amount.text(stored.amount, stored.unit)) at \(stored.mintURL) (by another process "
                        + "of this wallet, such as `cashu daemon run`).",
                    json: .object([
                        ("quote", .string(stored.id)), ("mint", .string(stored.mintURL.rawValue)),
                        ("unit", .string(stored.unit.rawValue)), ("amount", .number(stored.amount)),
                        ("state", "issued"), ("minted", .number(stored.amount)), ("elsewhere", .bool(true)),
                    ])
                )
                return
            }
            output.result(
                human: "Minted \(Amount.text(result.amount ?? 0, stored.unit)) at \(stored.mintURL).",
                json: Self.json(stored, state: "issued", minted: result)
            )
        }
    }

    /// Whether another process of this wallet minted the quote (waiting up to 30 s for one that is doing it).
    static func mintedElsewhere(_ id: String, context: WalletContext) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let quote = try? await context.wallet.mintQuotes().first { $0.id == id }
            guard let quote else { return false }
            if quote.state == .issued { return true }
            guard (try? await Task.sleep(for: .milliseconds(500))) != nil else { return false }
        }
        return false
    }

    /// The invoice to pay, as shown to the user.
    static func invoiceText(_ quote: StoredMintQuote) -> String {
        "Pay this Lightning invoice to mint \(Amount.text(quote.amount, quote.unit)) at \(quote.mintURL):\n"
            + quote.request
    }

    static func json(_ quote: StoredMintQuote, state: String, minted: WalletOperationEvent?) -> JSONOutput {
        var fields: [(String, JSONOutput)] = [
            ("quote", .string(quote.id)), ("mint", .string(quote.mintURL.rawValue)),
            ("unit", .string(quote.unit.rawValue)),
            ("amount", .number(quote.amount)), ("state", .string(state.lowercased())),
        ]
        if let minted {
            fields.append(("minted", .number(minted.amount ?? 0)))
            fields.append(("operation", .string(minted.id.description)))
        } else {
            fields.append(("request", .string(quote.request)))
            fields.append(("expiry", .optional(quote.expiry)))
        }
        return .object(fields)
    }
}
