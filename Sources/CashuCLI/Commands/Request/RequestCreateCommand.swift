// CLI: `cashu request create` — encode a NUT-18 (creqA) or NUT-26 (creqb) payment request for others to pay.

import ArgumentParser
import CoreCashu
import Foundation

struct RequestCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a payment request and print it.",
        discussion: """
            Without a transport the payer hands over a token (receive it with `cashu receive`). --post URL asks \
            the payer's wallet to POST the payment there. The accepted mints default to --mint or the wallet's \
            default mint; they bind the payer unless --prefer-mints makes them a preference, and --method says how \
            ecash from another mint would be moved and what the payer adds for it (nuts#381 `mp`, `sm`).
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(
        name: .long,
        help: ArgumentHelp("The amount asked, in --unit (omit to let the payer choose).", valueName: "amount")
    )
    var amount: String?

    @Option(name: .long, help: ArgumentHelp("What the payment is for.", valueName: "text"))
    var description: String?

    @Option(
        name: .customLong("accept"),
        help: ArgumentHelp("A mint whose ecash is accepted (repeatable).", valueName: "url")
    )
    var accepted: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp("The request's id, echoed in the payment (default: random).", valueName: "id")
    )
    var id: String?

    @Flag(name: .long, help: "The request may be paid only once.")
    var singleUse = false

    @Option(name: .long, help: ArgumentHelp("Deliver the payment by HTTP POST to this URL.", valueName: "url"))
    var post: String?

    @Option(name: .long, help: ArgumentHelp("Ask for ecash locked to this public key (NUT-11).", valueName: "pubkey"))
    var lock: String?

    @Flag(name: .long, help: "The accepted mints are a preference: ecash of other mints is taken too.")
    var preferMints = false

    @Option(
        name: .customLong("method"),
        help: ArgumentHelp(
            "A method ecash of another mint is moved by, and the fee the payer adds for it (repeatable).",
            valueName: "method[:fee]")
    )
    var methods: [String] = []

    @Option(name: .long, help: ArgumentHelp("creqA (NUT-18) or creqb (NUT-26).", valueName: "format"))
    var format: String = "creqA"

    func validate() throws {
        guard ["creqa", "creqb"].contains(format.lowercased()) else {
            throw ValidationError("--format is creqA or creqb")
        }
        _ = try Self.supportedMethods(methods)
    }

    /// `--method` values (`bolt11`, `bolt11:2`) as `sm` entries.
    static func supportedMethods(_ values: [String]) throws -> [PaymentRequest.SupportedMethod] {
        try values.map { value in
            let parts = value.split(separator: ":", maxSplits: 1).map(String.init)
            guard let method = parts.first, !method.isEmpty, method.allSatisfy({ $0.isLetter || $0.isNumber }) else {
                throw ValidationError("--method is a method name, optionally with :fee (e.g. bolt11:2)")
            }
            guard parts.count == 2 else { return PaymentRequest.SupportedMethod(method: method.lowercased()) }
            guard let fee = UInt64(parts[1]) else {
                throw ValidationError("the fee in --method \(value) is not a number")
            }
            return PaymentRequest.SupportedMethod(method: method.lowercased(), fee: fee)
        }
    }

    func run() async throws {
        var request = PaymentRequest()
        if let amount {
            guard let value = Amount.parse(amount) else {
                throw CLIError(.input, "not a valid amount: \(amount)", code: "invalidInput")
            }
            request.amount = value
        }
        request.unit = global.currencyUnit.rawValue
        request.description = description
        request.id = id ?? Hex.encode((0..<4).map { _ in UInt8.random(in: 0...255) })
        request.singleUse = singleUse ? true : nil
        if let post {
            guard let url = URL(string: post), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
                throw CLIError(.input, "--post needs an http(s) URL", code: "invalidInput")
            }
            request.transports = [PaymentRequest.Transport(kind: .post, target: post)]
        }
        if let lock {
            request.nut10 = PaymentRequest.NUT10Option(kind: "P2PK", data: try PublicKeyArgument.parse(lock).hex)
        }
        var mints = try accepted.map { try GlobalOptions.mintURL($0).rawValue }
        if mints.isEmpty {
            if let explicit = try global.explicitMint() {
                mints = [explicit.rawValue]
            } else if (try? await WalletContext.exists(global)) == true {
                mints = try await WalletContext.run(global) { context in
                    try await context.defaultMint().map { [$0.rawValue] } ?? []
                }
            }
        }
        request.mints = mints.isEmpty ? nil : mints
        if preferMints { request.mintPreferred = true }
        let supported = try Self.supportedMethods(methods)
        request.supportedMethods = supported.isEmpty ? nil : supported
        let encoded: String
        let encoding: String
        if format.lowercased() == "creqb" {
            do { encoded = try request.creqB() } catch {
                throw CLIError(.input, "cannot encode as creqb: \(error.reason)", code: "invalidInput")
            }
            encoding = "creqb"
        } else {
            encoded = request.creqA()
            encoding = "creqA"
        }
        let output = Output(json: global.json)
        let summary = PaymentRequestSummary(request: request, encoding: encoding)
        var json: [(String, JSONOutput)] = [("request", .string(encoded))]
        if case .object(let fields) = summary.json() { json += fields.filter { $0.0 != "type" } }
        output.result(human: encoded, json: .object(json))
        await QRDisplay.show(encoded, caption: "Payment request", output: output)
        output.note(summary.human())
    }
}
