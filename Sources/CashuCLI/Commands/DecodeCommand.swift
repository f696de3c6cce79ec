// CLI: `cashu decode` — describe a token (cashuA/cashuB) or a payment request (creqA/creqb) without spending it.

import ArgumentParser
import CoreCashu

struct DecodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Describe a token or a payment request (nothing is spent; no wallet needed)."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("A token or payment request; - or nothing reads stdin.", valueName: "text"))
    var text: String?

    @Option(name: .long, help: ArgumentHelp("Read it from this file.", valueName: "path"))
    var file: String?

    func run() async throws {
        let text = try URInput.resolve(try TextInput.read(argument: text, file: file, what: "token or payment request"))
        let output = Output(json: global.json)
        let prefix = text.prefix(5).lowercased()
        if prefix == "creqa" || prefix == "creqb" {
            let request: PaymentRequest
            do { request = try PaymentRequest(encoded: text) } catch {
                throw CLIError(.input, "not a valid payment request: \(CLIError.reason(error))", code: "invalidInput")
            }
            let summary = PaymentRequestSummary(request: request, encoding: prefix == "creqa" ? "creqA" : "creqb")
            output.result(human: summary.human(), json: summary.json())
            return
        }
        let token: Token
        let encoded: String
        do { (token, encoded) = try TokenFinder.firstToken(in: text) } catch {
            throw CLIError(.input, "neither a Cashu token nor a payment request", code: "invalidInput")
        }
        let summary = TokenSummary(token, encoded: encoded)
        let human = try summary.human()
        let json = try summary.json()
        output.result(human: human, json: json)
    }
}
