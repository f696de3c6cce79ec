// End to end: `cashu nwc` against a real relay (PyPI nostr-relay) and real mints, with rust-nostr's NWC client (PyPI
// nostr-sdk) as the app — add, list, revoke and their failures; `cashu nwc serve` answering, killed in the middle of
// a payment and restarted (settled once, budget counted once); the wallet service serving the connections.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("cashu nwc", .timeLimit(.minutes(6)))
struct NWCTests {
    @Test("add prints the URI once; list shows budgets, never secrets; revoke; bad budgets, no relay, unknown ids")
    func manage() async throws {
        let mint = try await TestMint.shared
        let relay = try await TestRelay.shared
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("mints", "add", mint.url.rawValue)

        // CASHU_NOSTR_RELAYS=none (the harness's) and no --relay: nowhere to serve it.
        try await wallet.run("nwc", "add").expectFailure(78)
        try await wallet.run("nwc", "add", "--budget", "ten/daily", "--relay", relay.url).expectFailure(64)
        try await wallet.run("nwc", "add", "--budget", "10/hourly", "--relay", relay.url).expectFailure(64)
        try await wallet.run("nwc", "add", "--methods", "pay_keysend", "--relay", relay.url).expectFailure(64)

        let human = try await wallet.run("nwc", "add", "--name", "shop", "--budget", "300/daily", "--relay", relay.url)
        #expect(human.status == 0, "\(human)")
        let uri = human.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(uri.hasPrefix("nostr+walletconnect://") && !uri.contains("\n"), "\(human)")
        #expect(human.stderr.isEmpty, "notes and the QR code are for a terminal only: \(human)")
        let secret = try #require(uri.components(separatedBy: "secret=").last?.prefix(64))

        let added = try await wallet.json(
            "nwc", "add", "--methods", "get_balance,get_info", "--expires", "30d", "--relay", relay.url)
        let id = try #require(added.string("id"))
        #expect(added.string("uri")?.hasPrefix("nostr+walletconnect://") == true)
        #expect((added["methods"] as? [String]) == ["get_balance", "get_info"])
        #expect(added.string("mint") == mint.url.rawValue)

        let listed = try await wallet.run("nwc", "list", "--json")
        #expect(listed.status == 0 && !listed.stdout.contains(String(secret)), "\(listed)")
        let connections = try #require(listed.json?.array("connections"))
        #expect(connections.count == 2)
        #expect(connections.first?.object("budget")?.uint("limit") == 300)
        #expect(connections.first?.object("budget")?.string("renewal") == "daily")
        #expect(connections.allSatisfy { $0.string("state") == "active" })

        let revoked = try await wallet.json("nwc", "revoke", id)
        #expect(revoked["revoked"] as? Bool == true)
        let states = try await wallet.json("nwc", "list").array("connections")?.map { $0.string("state") }
        #expect(states == ["active", "revoked"])
        try await wallet.run("nwc", "revoke", "0123456789abcdef", "--json").expectFailure(
            65, code: "unknownConnection", json: true)
        let table = try await wallet.run("nwc")
        #expect(table.stdout.contains("shop") && table.stdout.contains("revoked"), "\(table)")
    }

    @Test(
        "serve answers; killed mid-payment (journaled, or after the mint answered), restarted: paid once, budget once",
        arguments: ["journaled:melt", "answered:melt"])
    func serveKilledMidPayment(_ killAt: String) async throws {
        let mint = try await TestMint.shared
        let relay = try await TestRelay.shared
        let wallet = CLIWallet(environment: ["CASHU_NOSTR_RELAYS": relay.url])
        defer { wallet.remove() }
        try await wallet.fund(500, at: mint.url)
        let added = try await wallet.json("nwc", "add", "--budget", "300/daily")
        let client = NWCScriptClient(uri: try #require(added.string("uri")))
        let id = try #require(added.string("id"))

        var serving = try CLIProcess.start(
            ["--dir", wallet.directory.path, "nwc", "serve"],
            environment: wallet.environment.merging(["CASHU_TEST_KILL_AT": killAt]) { _, new in new })
        #expect(try await client.call("get_balance").uint("balance") == 500_000, "\(serving.stderrSoFar)")

        // The service dies with the payment journaled (or paid by the mint but not settled): no answer.
        let invoice = try await TestMint.externalInvoice(amount: 100)
        let lost = try await client.call("pay_invoice", invoice, timeout: 10)
        #expect(lost["preimage"] == nil, "\(lost)")
        let killed = await serving.wait()
        #expect(killed.status == 128 + SIGKILL, "\(killed)")

        // Restarted: recovery settles the melt, the service reconciles the connection's budget.
        serving = try CLIProcess.start(
            ["--dir", wallet.directory.path, "nwc", "serve"], environment: wallet.environment)
        defer { serving.signal(SIGKILL) }
        var looked: [String: Any] = [:]
        for _ in 0..<20 where looked.string("state") != "settled" {
            looked = (try? await client.call("lookup_invoice", Self.paymentHash(invoice), timeout: 5)) ?? [:]
            if looked.string("state") != "settled" { try await Task.sleep(for: .milliseconds(500)) }
        }
        #expect(looked.string("state") == "settled", "\(looked) \(serving.stderrSoFar)")
        let spent = try await Self.spent(wallet, id: id)
        #expect(spent >= 100 && spent < 300)
        #expect(try await wallet.balance() == 500 - spent)
        let melts = try await wallet.json("history").array("entries")?.filter { $0.string("kind") == "melt" }
        #expect(melts?.count == 1 && melts?.first?.string("state") == "done", "\(melts ?? [])")

        // The same invoice again: the preimage, not a second payment.
        let again = try await client.call("pay_invoice", invoice)
        #expect(again["preimage"] as? String != nil, "\(again)")
        #expect(try await wallet.balance() == 500 - spent)
        #expect(try await Self.spent(wallet, id: id) == spent)

        // Revoked while serving: no answer any more.
        try await wallet.json("nwc", "revoke", id)
        try await Task.sleep(for: .seconds(6))
        let refused = try await client.call("get_balance", timeout: 5)
        #expect(refused.string("error")?.contains("response not received") == true, "\(refused)")

        serving.signal(SIGTERM)
        let stopped = await serving.wait()
        #expect(stopped.status == 0, "\(stopped)")
        #expect(!stopped.stderr.contains(String(try #require(client.uri.components(separatedBy: "secret=").last))))
    }

    @Test("the wallet service serves the connections; `nwc serve` refuses beside it")
    func daemonServes() async throws {
        let mint = try await TestMint.shared
        let relay = try await TestRelay.shared
        let wallet = CLIWallet(environment: ["CASHU_NOSTR_RELAYS": relay.url])
        defer { wallet.remove() }
        try await wallet.fund(64, at: mint.url)
        let (running, notify) = try wallet.startService()
        defer { running.signal(SIGKILL) }
        #expect(await notify.wait(for: "READY=1", timeout: .seconds(60)) != nil, "\(running.stderrSoFar)")
        // Added while the service runs: picked up within seconds.
        let added = try await wallet.json("nwc", "add", "--budget", "10/weekly")
        let client = NWCScriptClient(uri: try #require(added.string("uri")))
        #expect(try await client.call("get_balance").uint("balance") == 64_000, "\(running.stderrSoFar)")
        try await wallet.run("nwc", "serve", "--json").expectFailure(78, code: "serviceRunning", json: true)
        running.signal(SIGTERM)
        #expect(await running.wait().status == 0)
    }

    /// What the connection's budget counts as spent (`cashu nwc list`).
    static func spent(_ wallet: CLIWallet, id: String) async throws -> UInt64 {
        let connections = try await wallet.json("nwc", "list").array("connections") ?? []
        return try #require(connections.first { $0.string("id") == id }?.uint("spent"))
    }

    /// A BOLT-11 invoice's payment hash, as `cashu decode` reads it.
    static func paymentHash(_ invoice: String) throws -> String {
        try Bolt11Invoice(invoice).paymentHash.map { String(format: "%02x", $0) }.joined()
    }
}

/// rust-nostr's NWC client (PyPI nostr-sdk in the relay's venv) through scripts/test-relay/nwc-client; the URI goes
/// in its environment.
struct NWCScriptClient: Sendable {
    let uri: String

    /// One command: its result's fields, or `["error": "… [Code]"]`.
    func call(_ arguments: String..., timeout: Int = 30) async throws -> [String: Any] {
        _ = try await TestRelay.shared  // installs the venv
        let venv =
            ProcessInfo.processInfo.environment["RELAY_VENV"]
            ?? TestMint.repositoryRoot.appendingPathComponent(".venv-relay").path
        let outcome = try await ScriptRunner.run(
            venv + "/bin/python", arguments: [TestRelay.scripts.appendingPathComponent("nwc-client").path] + arguments,
            environment: [
                "NWC_URI": uri, "NWC_TIMEOUT": String(timeout), "PATH": "/usr/bin:/bin",
                "HOME": FileManager.default.temporaryDirectory.path,
            ])
        let data = Data(outcome.standardOutput.utf8)
        return try #require(
            outcome.status == 0 ? (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] : nil,
            "nwc-client \(arguments.first ?? ""): exit \(outcome.status) \(outcome.standardError)")
    }
}
