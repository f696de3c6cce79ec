// End to end: one wallet in a real PostgreSQL database (--database / CASHU_DATABASE_URL) shared by two "hosts" (two
// wallet directories, each with its own secure store): the second joins with the phrase, both spend at once without
// ever spending a proof twice, and an operation killed on one is settled by the other.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("cashu on PostgreSQL", .timeLimit(.minutes(5)))
struct PostgresWalletTests {
    /// Two wallet directories on one fresh schema of the test server, the second not yet joined.
    static func hosts() async throws -> (CLIWallet, CLIWallet, String) {
        let server = try await TestPostgres.shared
        let url = server.url("schema=\(TestPostgres.freshSchema())&sslmode=disable")
        let environment = ["CASHU_DATABASE_URL": url]
        return (CLIWallet(environment: environment), CLIWallet(environment: environment), url)
    }

    /// The second host joins the first's wallet with its phrase (`cashu restore` over stdin).
    static func join(_ second: CLIWallet, to first: CLIWallet) async throws {
        let phrase = try #require(try await first.json("wallet", "backup").string("mnemonic"))
        let joined = try await second.run("restore", "--json", stdin: phrase + "\n")
        #expect(joined.status == 0, "\(joined)")
    }

    @Test("a second host joins with the phrase; both send at once; every token is received whole")
    func twoHostsSpendAtOnce() async throws {
        let mint = try await TestMint.shared
        let (a, b, _) = try await Self.hosts()
        defer {
            a.remove()
            b.remove()
        }
        try await a.json("wallet", "init")
        // b has no phrase yet: it is told to join with `cashu restore`.
        let unjoined = try await b.run("balance")
        #expect(unjoined.status == 74 && unjoined.stderr.contains("cashu restore"), "\(unjoined)")
        try await a.fund(1000, at: mint.url)
        try await Self.join(b, to: a)
        #expect(try await b.balance() == 1000)

        // Six sends at once, three from each host, each in its own process.
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<6 {
                let host = index.isMultiple(of: 2) ? a : b
                group.addTask {
                    let sent = try await host.run("send", "100", "--fresh")
                    #expect(sent.status == 0, "\(sent)")
                    return sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(tokens).count == 6)

        // Every token is whole: a receiver with its own SQLite wallet takes all six.
        let receiver = CLIWallet()
        defer { receiver.remove() }
        for token in tokens where !token.isEmpty {
            let received = try await receiver.run("receive", token, "--trust", "--json")
            #expect(received.status == 0, "\(received)")
        }
        let left = try await a.balance()
        #expect(try await b.balance() == left, "both hosts see one wallet")
        let arrived = try await receiver.balance()
        // 1000 sat went out as 600 in tokens (less the receiver's swap fees) plus what is left (less the send fees).
        #expect(left <= 400 && left >= 380, "left \(left)")
        #expect(arrived <= 600 && arrived >= 590, "arrived \(arrived)")
    }

    @Test("a send killed on one host after journaling is settled by the other host's recovery")
    func killedOnOneHostSettledByTheOther() async throws {
        let mint = try await TestMint.shared
        let (a, b, _) = try await Self.hosts()
        defer {
            a.remove()
            b.remove()
        }
        try await a.json("wallet", "init")
        try await a.fund(500, at: mint.url)
        try await Self.join(b, to: a)
        let killed = try await a.run(
            "send", "200", "--fresh", environment: ["CASHU_TEST_KILL_AT": "journaled:send"])
        #expect(killed.status == 128 + SIGKILL, "\(killed)")

        // The dead process's lease went with its connection: the other host resumes the operation.
        let report = try await b.json("recover")
        #expect(report.array("unresolved")?.isEmpty == true, "\(report)")
        #expect((report["resolved"] as? [String])?.count == 1, "\(report)")
        let after = try await a.balance()
        #expect(after < 500 && after + 3 >= 500, "after \(after)")
        #expect(try await b.json("pending").array("sends")?.isEmpty == true)
    }

    @Test("a bad database URL exits 78 and an unreachable server 74, neither echoing the password")
    func badDatabase() async throws {
        let wallet = CLIWallet()
        defer { wallet.remove() }
        let secret = "pw-\(UUID().uuidString)"
        let bad = try await wallet.run("balance", "--database", "mysql://u:\(secret)@127.0.0.1/db")
        #expect(bad.status == 78, "\(bad)")
        let port = try TestPort.reserve()
        let down = try await wallet.run(
            "wallet", "init", "--database", "postgres://u:\(secret)@127.0.0.1:\(port)/db?connect_timeout=2")
        #expect(down.status == 74, "\(down)")
        for outcome in [bad, down] { #expect(!(outcome.stdout + outcome.stderr).contains(secret)) }
    }

    @Test("one phrase, one store: a directory with a SQLite wallet, or bound to another schema, is refused (78)")
    func onePhraseOneStore() async throws {
        let server = try await TestPostgres.shared
        let first = server.url("schema=\(TestPostgres.freshSchema())&sslmode=disable")
        let second = server.url("schema=\(TestPostgres.freshSchema())&sslmode=disable")
        let local = CLIWallet()
        defer { local.remove() }
        try await local.json("wallet", "init")
        let mixed = try await local.run("wallet", "init", "--database", first)
        #expect(mixed.status == 78 && mixed.stderr.contains("SQLite wallet"), "\(mixed)")

        let bound = CLIWallet(environment: ["CASHU_DATABASE_URL": first])
        defer { bound.remove() }
        try await bound.json("wallet", "init")
        let other = try await bound.run("wallet", "init", "--database", second)
        #expect(other.status == 78 && other.stderr.contains("belongs to the PostgreSQL wallet"), "\(other)")
        // Without the URL, the directory does not quietly start a SQLite wallet on the same phrase either.
        var plain = bound
        plain.environment = [:]
        let unbound = try await plain.run("wallet", "init")
        #expect(unbound.status == 78 && unbound.stderr.contains("--database"), "\(unbound)")
    }
}
