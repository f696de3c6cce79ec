// CLI: `cashu request wait ID` — receive the payments of a Nostr payment request (NUT-18), waiting for them.

import ArgumentParser
import CashuNostr
import CoreCashu
import LinuxCashu

struct RequestWaitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wait",
        abstract: "Wait for the payment of a Nostr payment request (`request create --nostr`) and receive it."
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp("The request's id.", valueName: "id"))
    var id: String

    @Option(name: .long, help: ArgumentHelp("How long to wait, in seconds.", valueName: "seconds"))
    var timeout: Int = 300

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout is a positive number of seconds") }
    }

    func run() async throws {
        let id = id
        let timeout = timeout
        try await WalletContext.run(global) { context in
            guard try await context.linux.openNostrRequests().contains(where: { $0.id == id }) else {
                throw CLIError(.input, "no open Nostr payment request \(id)", code: "unknownRequest")
            }
            try await Self.wait(for: id, timeout: timeout, context: context, extra: [("id", .string(id))])
        }
    }

    /// Reads the inbox until request `id` is paid or `timeout` passes, then reports; exit 75 when unpaid.
    static func wait(for id: String, timeout: Int, context: WalletContext, extra: [(String, JSONOutput)]) async throws {
        let report = await context.linux.collectNostrPayments(waitingFor: id, timeout: .seconds(timeout))
        let request = try await context.linux.openNostrRequests().first { $0.id == id }
        let paid = request?.isPaid ?? false
        let mine = report.received.filter { $0.requestID == id }
        let unit = CurrencyUnit(rawValue: request?.unit ?? "sat")
        let received = request?.received ?? mine.reduce(0) { $0 + $1.amount }
        let fields =
            extra + [
                ("paid", .bool(paid)), ("received", .number(received)), ("unit", .string(unit.rawValue)),
                (
                    "payments",
                    .array(
                        mine.map {
                            .object([
                                ("mint", .string($0.mint)), ("amount", .number($0.amount)),
                                ("memo", .optional($0.memo)),
                            ])
                        })
                ),
            ]
        if paid { try? await context.linux.closeNostrRequest(id) }
        guard paid else {
            let retry = report.retrying > 0 ? " (\(report.retrying) payment(s) to receive again later)" : ""
            throw CLIError(
                .pending,
                "request \(id) not paid within \(timeout) s\(retry); `cashu request wait \(id)` waits again",
                code: "pending", extra: fields)
        }
        let memos = mine.compactMap(\.memo).map { " (\"\(Untrusted.display($0))\")" }.joined()
        context.output.result(
            human: "Received \(Amount.text(received, unit)) for request \(id)\(memos).", json: .object(fields))
    }
}
