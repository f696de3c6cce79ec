// End to end: what goes wrong ends with one line on stderr, the exit code of its class, and nothing lost — a
// garbage token, a token of an unknown mint, a spent token, more than the balance, a bad amount, a mint that is down.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu bad input", .timeLimit(.minutes(5)))
struct BadInputTests {
    @Test("bad tokens, amounts and overspending are refused and cost nothing")
    func refusals() async throws {
        let mint = try await TestMint.shared
        let wallet = CLIWallet()
        let other = CLIWallet()
        defer { wallet.remove(); other.remove() }
        try await wallet.fund(400, at: mint.url)
        let before = try await wallet.balance()
        #expect(before == 400)

        // A garbage token, as an argument, from a file and from stdin; with --json an error object too.
        try await wallet.run("receive", "cashuBgarbage").expectFailure(65)
        try await wallet.run("receive", "--json", "not a token at all").expectFailure(
            65,
            code: "invalidInput",
            json: true
        )
        try await wallet.run("receive", stdin: "cashuAeyJ0b2tlbiI6W119\n").expectFailure(65)
        let file = wallet.directory.appendingPathComponent("token.txt")
        try "garbage".write(to: file, atomically: true, encoding: .utf8)
        try await wallet.run("receive", "--file", file.path).expectFailure(65)
        try await wallet.run("decode", "garbage").expectFailure(65)
        try await wallet.run("decode", "no token here, only cashuBgarbage").expectFailure(65)

        // Bad amounts are input errors, not usage errors.
        try await wallet.run("send", "abc").expectFailure(65)
        try await wallet.run("send", "0").expectFailure(65)
        try await wallet.run("mint", "-5").expectFailure(64)

        // More than the balance.
        try await wallet.run("send", "100000").expectFailure(67)
        try await wallet.run("send", "--json", "100000").expectFailure(67, code: "insufficientFunds", json: true)

        // A token of a mint the receiving wallet does not know.
        try await other.json("wallet", "init")
        let sent = try await wallet.run("send", "50")
        let token = sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try await other.run("receive", token).expectFailure(65)
        try await other.run("receive", "--json", token).expectFailure(65, code: "unknownMint", json: true)
        #expect(try await other.balance() == 0)

        // An already spent token: received once (found inside a message), refused the second time.
        let described = try await wallet.json("decode", "here you are: cashu:\(token) thanks!")
        #expect((described["amount"] as? NSNumber)?.intValue == 50)
        try await wallet.json("receive", stdin: "Alice wrote:\n> take this\n\(token)\n")
        try await wallet.run("receive", token).expectFailure(65)
        try await wallet.run("receive", "--json", token).expectFailure(65, code: "alreadySpent", json: true)

        // Nothing lost: the wallet holds what it held, less the one receive's input fee.
        let after = try await wallet.balance()
        #expect(after <= before && after + 2 >= before, "before \(before), after \(after)")
        let pending = try await wallet.json("pending")
        #expect(pending.array("sends")?.isEmpty == true)
    }

    @Test("a mint that is down: exit 69 (a payment with --yes is queued), the balance unchanged, offline commands work")
    func mintDown() async throws {
        let wallet = CLIWallet()
        defer { wallet.remove() }
        let mint = try await TestMint.start()
        try await wallet.fund(1000, at: mint.url)
        let invoice = try await TestMint.externalInvoice(amount: 10)
        await mint.stop()

        // Answered from the store: no request at start-up when nothing is unfinished.
        #expect(try await wallet.balance() == 1000)
        try await wallet.json("history")
        try await wallet.json("pending", "--offline")

        // Asked to pay without a question, the wallet keeps the payment in its offline queue for when the mint is
        // back (with a question it would need the mint's quote to show).
        let queued = try await wallet.json("pay", "--yes", invoice)
        #expect(queued.string("state") == "queued")
        let pending = try await wallet.json("pending", "--offline")
        #expect(pending.array("queued")?.count == 1)
        #expect(pending.array("queued")?.first?.string("kind") == "melt")
        try await wallet.run("send", "7", "--fresh").expectFailure(69)
        try await wallet.run("send", "--json", "7", "--fresh").expectFailure(69, code: "mintUnreachable", json: true)
        try await wallet.run("mint", "100").expectFailure(69)
        let port = mint.url.rawValue.split(separator: ":").last.map(String.init) ?? "1"
        try await wallet.run("mints", "add", "http://127.0.0.1:\(port)").expectFailure(69)
        #expect(try await wallet.balance() == 1000)
        // The timer's pass: its report as the one JSON object, the mint's failure as the exit code (69, which the
        // refresh unit counts as success: the next pass retries).
        let pass = try await wallet.run("refresh", "--json")
        #expect(pass.status == 69, "\(pass)")
        #expect(pass.json?.array("errors")?.first?.string("code") == "mintUnreachable", "\(pass)")
        let recovered = try await wallet.json("recover")
        #expect(recovered.array("unresolved")?.isEmpty == true)
    }

    @Test("no wallet, a wallet already there, no mint: configuration errors (78)")
    func configuration() async throws {
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.run("balance").expectFailure(78)
        try await wallet.run("balance", "--json").expectFailure(78, code: "noWallet", json: true)
        try await wallet.json("wallet", "init")
        try await wallet.run("wallet", "init").expectFailure(78)
        try await wallet.run("send", "5").expectFailure(78)
        try await wallet.run("mints", "default", "http://127.0.0.1:1").expectFailure(65)
    }
}
