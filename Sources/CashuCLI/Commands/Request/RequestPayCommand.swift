// CLI: `cashu request pay CREQ` — pay a NUT-18/26 payment request: send the amount from an accepted mint, locked as
// asked, and deliver it (HTTP POST, or a Nostr direct message), or print the token when the request names no
// transport.

import ArgumentParser
import CoreCashu

struct RequestPayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pay",
        abstract: "Pay a payment request (creqA/creqb).",
        discussion: """
            Asks before paying unless --yes. With an HTTP POST transport the payment is posted to the payee; with \
            a Nostr one it is sent as a NIP-17 direct message from a one-time key to the payee's relays; \
            without a transport the token is printed alone on stdout, to hand over. A request whose only \
            transports are unknown is refused before anything is spent.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The payment request; - or nothing reads stdin.", valueName: "request"))
    var request: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The amount, when the request leaves it to the payer.", valueName: "amount")
    )
    var amount: String?

    @Option(name: .long, help: ArgumentHelp("A note for the payee.", valueName: "text"))
    var memo: String?

    @Flag(name: [.short, .long], help: "Pay without asking.")
    var yes = false

    func run() async throws {
        let text = try URInput.resolve(try TextInput.read(argument: request, file: nil, what: "payment request"))
        let request = try Self.decode(text)
        let given = try amount.map { text -> UInt64 in
            guard let value = Amount.parse(text) else {
                throw CLIError(.input, "not a valid amount: \(text)", code: "invalidInput")
            }
            return value
        }
        let (memo, yes) = (memo, yes)
        try await WalletContext.run(global) { context in
            if !yes && !context.output.stdinIsTerminal {
                throw CLIError(.usage, "stdin is not a terminal: pass --yes to pay without a question", code: "usage")
            }
            let prepared: PreparedRequestPayment
            do {
                prepared = try await context.linux.preparePaymentRequest(
                    request, amount: given, mint: try context.global.explicitMint(),
                    preferredMint: try await context.wallet.defaultMint(), memo: memo)
            } catch let error as WalletError where error.code == .unsupported || error.code == .invalidInput {
                // Nothing was held: the request cannot be paid as it asks.
                throw CLIError(
                    .input, "\(CLIError.oneLine(error.reason)); nothing was paid", code: error.code.description)
            }
            try await Self.pay(prepared, yes: yes, context: context)
        }
    }

    /// A payment request read from text.
    static func decode(_ text: String) throws -> PaymentRequest {
        do { return try PaymentRequest(encoded: text) } catch {
            throw CLIError(.input, "not a valid payment request: \(CLIError.reason(error))", code: "invalidInput")
        }
    }

    /// Pays a prepared payment request (also one `cashu pay ₿user@domain` found): the question shows its figures,
    /// the library confirms and delivers.
    static func pay(_ prepared: PreparedRequestPayment, yes: Bool, context: WalletContext) async throws {
        let request = prepared.request
        let unit = prepared.send.unit
        let mint = prepared.mint
        let target = prepared.transport.map { " to \(Untrusted.display($0.target))" } ?? ""
        let what = request.description.map { " for \"\(Untrusted.display($0))\"" } ?? ""
        if !yes {
            var question = "Pay \(Amount.text(prepared.requested, unit))\(what)\(target) from \(mint)"
            let fees = prepared.total - prepared.requested
            if fees > 0 { question += " (+ \(Amount.text(fees, unit)) in fees)" }
            try await Prompt.confirmOrRelease(
                question + "?", output: context.output, nothing: "paid", release: prepared.cancel)
        }
        let payment = try await prepared.confirm()
        let result = prepared.send
        let token = (try? payment.token.serialized(as: .v4)) ?? ""
        var fields: [(String, JSONOutput)] = [
            ("amount", .number(result.amount)), ("fee", .number(result.fee)), ("unit", .string(unit.rawValue)),
            ("mint", .string(mint.rawValue)), ("operation", .string(result.operationID.description)),
        ]
        guard let transport = prepared.transport else {
            context.output.result(
                human: token,
                json: .object([("token", .string(token))] + fields + [("delivered", false)])
            )
            await QRDisplay.show(token, caption: "Token", output: context.output)
            context.output.note("The request names no transport: hand this token to the payee.")
            return
        }
        do {
            try await context.linux.deliver(payment)
        } catch {
            // The ecash left the balance: the token must not be lost with the error.
            if !context.output.json { context.output.result(human: token, json: .null) }
            var failure = CLIError(wallet: error)
            failure.message +=
                "; the token is printed on stdout to hand over, and `cashu pending --reclaim` takes it back"
            failure.extra = [("token", .string(token))]
            throw failure
        }
        fields += [
            ("transport", .string(transport.kind.rawValue)), ("target", .string(transport.target)),
            ("delivered", true),
        ]
        context.output.result(
            human: "Paid \(Amount.text(result.amount, unit))\(what)\(target) from \(mint).",
            json: .object(fields)
        )
    }
}
