// CLI: `cashu request create` — encode a NUT-18 (creqA) or NUT-26 (creqb) payment request for others to pay.

import ArgumentParser
import CashuNostr
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
            ecash from another mint would be moved and what the payer adds for it (nuts#381 `mp`, `sm`). \
            --nostr asks for the payment as a Nostr direct message (NIP-17) to the wallet's request key on its \
            relays (or --relay): the request is printed on stderr and the command waits for the payment and \
            receives it; with --no-wait it prints the request and exits, and `cashu request wait ID` or any \
            `cashu refresh` receives the payment later.
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

    @Flag(name: .long, help: "Be paid by a Nostr direct message (NIP-17), and wait for the payment.")
    var nostr = false

    @Option(
        name: .customLong("relay"),
        help: ArgumentHelp(
            "A relay named in the Nostr transport (repeatable; default: the wallet's).", valueName: "url")
    )
    var relays: [String] = []

    @Flag(name: .customLong("no-wait"), help: "With --nostr: print the request and exit without waiting.")
    var noWait = false

    @Option(name: .long, help: ArgumentHelp("With --nostr: how long to wait, in seconds.", valueName: "seconds"))
    var timeout: Int = 300

    func validate() throws {
        guard ["creqa", "creqb"].contains(format.lowercased()) else {
            throw ValidationError("--format is creqA or creqb")
        }
        _ = try Self.supportedMethods(methods)
        guard nostr || (relays.isEmpty && !noWait) else {
            throw ValidationError("--relay and --no-wait go with --nostr")
        }
        guard timeout > 0 else { throw ValidationError("--timeout is a positive number of seconds") }
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
                    try await context.wallet.defaultMint().map { [$0.rawValue] } ?? []
                }
            }
        }
        request.mints = mints.isEmpty ? nil : mints
        if preferMints { request.mintPreferred = true }
        let supported = try Self.supportedMethods(methods)
        request.supportedMethods = supported.isEmpty ? nil : supported
        if nostr {
            try await createOverNostr(request)
            return
        }
        let (encoded, encoding) = try encode(request)
        let output = Output(json: global.json)
        let summary = PaymentRequestSummary(request: request, encoding: encoding)
        var json: [(String, JSONOutput)] = [("request", .string(encoded))]
        if case .object(let fields) = summary.json() { json += fields.filter { $0.0 != "type" } }
        output.result(human: encoded, json: .object(json))
        await QRDisplay.show(encoded, caption: "Payment request", output: output)
        output.note(summary.human())
    }

    /// The request as `creqA` or `creqb`, and which.
    func encode(_ request: PaymentRequest) throws -> (String, String) {
        guard format.lowercased() == "creqb" else { return (request.creqA(), "creqA") }
        do { return (try request.creqB(), "creqb") } catch {
            throw CLIError(.input, "cannot encode as creqb: \(CLIError.reason(error))", code: "invalidInput")
        }
    }

    /// `--nostr`: the request with the wallet's Nostr transport, recorded open; then waits for its payment.
    func createOverNostr(_ request: PaymentRequest) async throws {
        let relays = try NostrRelaysAddCommand.parse(relays)
        let timeout = timeout
        let noWait = noWait
        let command = self
        try await WalletContext.run(global) { context in
            let opened: PaymentRequest
            do {
                opened = try await context.linux.openNostrRequest(request, relays: relays.isEmpty ? nil : relays)
            } catch let error where CLIError.areaError(error) != nil {
                throw CLIError(.config, "cannot make a Nostr request: \(CLIError.reason(error))", code: "nostr")
            }
            let (encoded, encoding) = try command.encode(opened)
            let id = opened.id ?? ""
            let summary = PaymentRequestSummary(request: opened, encoding: encoding)
            var json: [(String, JSONOutput)] = [("request", .string(encoded))]
            if case .object(let fields) = summary.json() { json += fields.filter { $0.0 != "type" } }
            if noWait {
                context.output.result(human: encoded, json: .object(json))
                await QRDisplay.show(encoded, caption: "Payment request", output: context.output)
                context.output.note("Receive the payment with `cashu request wait \(id)` (or any `cashu refresh`).")
                return
            }
            Output.write(encoded + "\n", to: .standardError)
            let animation = QRDisplay.showWhileWaiting(encoded, caption: "Payment request", output: context.output)
            defer { animation?.set() }
            context.output.note("Waiting for the payment over Nostr (request \(id))…")
            try await RequestWaitCommand.wait(for: id, timeout: timeout, context: context, extra: json)
        }
    }
}
