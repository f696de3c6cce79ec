// CLI: `cashu fetch URL` — an HTTP client that pays a NUT-24 402 (Payment Required) with ecash: the server's price
// is shown and confirmed (within --max), the request is sent again with the token in `X-Cashu`, and the body is
// printed on stdout.

import ArgumentParser
import CoreCashu
import Foundation
import LinuxCashu

struct FetchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch a URL, paying its HTTP 402 with ecash (NUT-24).",
        discussion: """
            Sends the request; when the server answers 402 with a Cashu payment request (X-Cashu), shows the \
            price and the fees and asks before paying unless --yes, then sends the request again with the token \
            and prints the answer's body on stdout (the status and what was paid go to stderr). --max caps what \
            is paid, fees included: a price over it is refused before anything is held. A server that refuses \
            the token (anything but 2xx) or cannot be reached with it leaves it in the wallet as a pending send: \
            `cashu pending --reclaim ID` takes it back. Any answer other than 2xx ends with exit code 69. \
            Redirects are not followed.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The URL (http or https).", valueName: "url"))
    var url: String

    @Option(name: .long, help: ArgumentHelp("The most to pay, fees included (in --unit).", valueName: "amount"))
    var max: String?

    @Option(
        name: [.customShort("X"), .long],
        help: ArgumentHelp("The method (default GET, POST with --data).", valueName: "method"))
    var request: String?

    @Option(
        name: [.customShort("d"), .long],
        help: ArgumentHelp("The request body; @FILE reads it from a file.", valueName: "body"))
    var data: String?

    @Option(
        name: [.customShort("H"), .long],
        help: ArgumentHelp("A header to send, 'Name: value' (repeatable).", valueName: "header"))
    var header: [String] = []

    @Flag(name: [.short, .long], help: "Pay without asking.")
    var yes = false

    func run() async throws {
        let most = try max.map { text -> UInt64 in
            guard let value = Amount.parse(text) else {
                throw CLIError(.input, "not a valid amount: \(text)", code: "invalidInput")
            }
            return value
        }
        let (url, method) = (self.url.trimmingCharacters(in: .whitespaces), try Self.method(request))
        let (headers, body) = (try header.map(Self.header), try data.map(Self.body))
        let yes = yes
        try await WalletContext.run(global) { context in
            let prepared = try await context.linux.prepareFetch(
                url, method: method, headers: headers, body: body, most: most, unit: context.global.currencyUnit,
                mint: try context.global.explicitMint())
            guard let payment = prepared.payment else {
                try Self.show(try await prepared.confirm(), payment: nil, context: context)
                return
            }
            try await Self.pay(prepared, payment, yes: yes, context: context)
        }
    }

    /// Confirms (unless `yes`) and pays a prepared request, then shows the answer.
    private static func pay(
        _ prepared: PreparedPaidRequest, _ payment: PreparedRequestPayment, yes: Bool, context: WalletContext
    ) async throws {
        let unit = payment.send.unit
        let what = payment.request.description.map { " for \"\(Untrusted.display($0))\"" } ?? ""
        let fees = payment.total - payment.requested
        let feeText = fees > 0 ? " (+ \(Amount.text(fees, unit)) in fees)" : ""
        if !yes {
            try await Prompt.confirmOrRelease(
                "The server asks \(Amount.text(payment.requested, unit))\(what). Pay it\(feeText) from "
                    + "\(payment.mint)?",
                output: context.output, nothing: "paid", release: prepared.cancel)
        }
        let response: PaidHTTPResponse
        do {
            response = try await prepared.confirm()
        } catch {
            // A token the server refused stays a pending send: say how to take it back.
            var failure = CLIError(wallet: error)
            if error.code == .deliveryFailed, let operation = error.operationID {
                failure.message += "; `cashu pending --reclaim \(operation.description)` takes it back"
            }
            throw failure
        }
        if !context.output.json {
            Output.write(
                "cashu: paid \(Amount.text(payment.total, unit))\(what) from \(payment.mint)"
                    + (fees > 0 ? " (\(Amount.text(fees, unit)) of it in fees)" : "") + "\n",
                to: .standardError)
        }
        try show(response, payment: payment, context: context)
    }

    /// Prints a 2xx answer: its body on stdout (or one JSON object), its status on stderr. Any other answer fails
    /// (exit 69) with its status and the start of its body in the error (the whole body in the JSON error).
    private static func show(
        _ response: PaidHTTPResponse, payment: PreparedRequestPayment?, context: WalletContext
    ) throws {
        var fields: [(String, JSONOutput)] = [("status", .number(UInt64(response.status)))]
        if let payment {
            fields += [
                ("paid", .number(payment.total)), ("price", .number(payment.requested)),
                ("fee", .number(payment.total - payment.requested)), ("unit", .string(payment.send.unit.rawValue)),
                ("mint", .string(payment.mint.rawValue)), ("operation", .string(payment.send.operationID.description)),
            ]
        }
        let text = String(data: response.body, encoding: .utf8)
        fields.append(
            text.map { ("body", .string($0)) } ?? ("bodyBase64", .string(response.body.base64EncodedString())))
        guard (200..<300).contains(response.status) else {
            let excerpt = text.flatMap { $0.split(whereSeparator: \.isNewline).first }.map {
                ": " + Untrusted.display(String($0), limit: 100)
            }
            let reason =
                response.status == 402
                ? " without a Cashu payment request (X-Cashu); nothing was paid" : (excerpt ?? "")
            var failure = CLIError(
                .mintUnreachable, "the server answered HTTP \(response.status)\(reason)", code: "httpStatus")
            failure.extra = fields
            throw failure
        }
        if context.output.json {
            context.output.result(human: "", json: .object(fields))
        } else {
            try? FileHandle.standardOutput.write(contentsOf: response.body)
            Output.write("cashu: HTTP \(response.status)\n", to: .standardError)
        }
    }

    /// The method from `-X`: letters only (an HTTP token), upper case.
    static func method(_ text: String?) throws -> String? {
        guard let text else { return nil }
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw CLIError(.usage, "not an HTTP method: \(text)", code: "usage")
        }
        return text.uppercased()
    }

    /// A header from `-H 'Name: value'`.
    static func header(_ text: String) throws -> (name: String, value: String) {
        let tokenCharacters = Set("!#$%&'*+-.^_`|~")
        guard let colon = text.firstIndex(of: ":") else {
            throw CLIError(.usage, "a header is 'Name: value', not \(text)", code: "usage")
        }
        let name = String(text[..<colon])
        let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let isToken = { (character: Character) in
            character.isASCII && (character.isLetter || character.isNumber || tokenCharacters.contains(character))
        }
        guard !name.isEmpty, name.allSatisfy(isToken) else {
            throw CLIError(.usage, "not a header name: \(name)", code: "usage")
        }
        guard !value.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else {
            throw CLIError(.usage, "a header value must be one line", code: "usage")
        }
        return (name, value)
    }

    /// The body from `-d`: the text itself, or with `@FILE` the file's bytes.
    static func body(_ text: String) throws -> Data {
        guard text.hasPrefix("@") else { return Data(text.utf8) }
        let path = String(text.dropFirst())
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw CLIError(.input, "cannot read \(path)", code: "invalidInput")
        }
        return contents
    }
}
