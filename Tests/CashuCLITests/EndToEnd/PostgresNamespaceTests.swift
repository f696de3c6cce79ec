// End to end on a real network: two "hosts", each a network namespace running `cashu`, share one wallet in one
// PostgreSQL server that listens on the host sides of both veth pairs (CASHU_DATABASE_URL at each pair's address);
// the mint listens on the first pair's host side. The second host joins with the phrase, both send at once, every
// token arrives whole at a third wallet outside, and both hosts see one balance.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite(
    "cashu on PostgreSQL from two network namespaces",
    .enabled(if: NetworkNamespace.isAvailable, "\(NetworkNamespace.unavailableReason ?? "")"),
    .serialized, .timeLimit(.minutes(5))
)
struct PostgresNamespaceTests {
    /// Runs `body`, then `cleanup` whether it returned or threw.
    static func finally<T>(_ body: () async throws -> T, cleanup: () async -> Void) async throws -> T {
        let result: T
        do { result = try await body() } catch {
            await cleanup()
            throw error
        }
        await cleanup()
        return result
    }

    @Test("two namespaces on one server over veth: join, send at once, every token whole, one balance")
    func twoNamespacesShareOneServer() async throws {
        let a = try await NetworkNamespace.create()
        try await Self.finally {
            let b = try await NetworkNamespace.create()
            try await Self.finally { try await Self.withServers(a, b) } cleanup: { await b.remove() }
        } cleanup: {
            await a.remove()
        }
    }

    /// Starts the server (listening on both pairs' host sides, logins from both pairs) and the mint (on `a`'s host
    /// side, which `b` reaches through a route via its own pair), then runs the scenario.
    static func withServers(_ a: NetworkNamespace, _ b: NetworkNamespace) async throws {
        let server = try await TestPostgres.start(environment: [
            "PG_LISTEN": "\(a.hostAddress),\(b.hostAddress)", "PG_ALLOW": "\(a.subnet),\(b.subnet)",
        ])
        try await finally {
            try await NetworkNamespace.ip(["-n", b.name, "route", "add", "\(a.hostAddress)/32", "via", b.hostAddress])
            let mint = try await TestMint.start(environment: ["MINT_LISTEN_HOST": a.hostAddress])
            try await finally { try await scenario(a, b, server, mint) } cleanup: { await mint.stop() }
        } cleanup: {
            await server.stop()
        }
    }

    static func scenario(
        _ a: NetworkNamespace, _ b: NetworkNamespace, _ server: TestPostgres, _ mint: TestMint
    ) async throws {
        let schema = TestPostgres.freshSchema()
        func database(at host: String, timeout: Int = 10) -> [String: String] {
            let url = "postgres://\(server.user):\(server.password)@\(host):\(server.port)/\(server.database)"
            return ["CASHU_DATABASE_URL": url + "?schema=\(schema)&sslmode=disable&connect_timeout=\(timeout)"]
        }
        let hostA = CLIWallet(environment: database(at: a.hostAddress), namespace: a.name)
        let hostB = CLIWallet(environment: database(at: b.hostAddress), namespace: b.name)
        let receiver = CLIWallet()
        defer {
            for wallet in [hostA, hostB, receiver] { wallet.remove() }
        }

        // Inside a namespace the server is only on the veth pair: its loopback has no server.
        let loopback = try await hostA.run("balance", environment: database(at: "127.0.0.1", timeout: 2))
        #expect(
            loopback.status == 74 && loopback.stderr.contains("cannot open the wallet's database"),
            "\(loopback.status): \(loopback.stderr)")

        try await hostA.json("wallet", "init")
        try await hostA.fund(500, at: mint.url)
        let phrase = try #require(try await hostA.json("wallet", "backup").string("mnemonic"))
        let joined = try await hostB.run("restore", "--json", stdin: phrase + "\n")
        #expect(joined.status == 0, "\(joined)")
        #expect(try await hostB.balance() == 500)

        // Four sends at once, two from each namespace, each in its own process.
        let tokens = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<4 {
                let host = index.isMultiple(of: 2) ? hostA : hostB
                group.addTask {
                    let sent = try await host.run("send", "100", "--fresh")
                    #expect(sent.status == 0, "\(sent)")
                    return sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(tokens).count == 4)

        // Every token is whole: a wallet outside, on SQLite, takes all four.
        for token in tokens where !token.isEmpty {
            let received = try await receiver.run("receive", token, "--trust", "--json")
            #expect(received.status == 0, "\(received)")
        }
        let left = try await hostA.balance()
        #expect(try await hostB.balance() == left, "both hosts see one wallet")
        let arrived = try await receiver.balance()
        // 500 sat went out as 400 in tokens (less the receiver's swap fees) plus what is left (less the send fees).
        #expect(left <= 100 && left >= 85, "left \(left)")
        #expect(arrived <= 400 && arrived >= 392, "arrived \(arrived)")
    }
}
