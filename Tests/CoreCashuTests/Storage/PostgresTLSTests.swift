// Tests of CashuPostgres's TLS (PostgresStoreConfiguration.TLSMode, PostgresWalletStore.tlsConfiguration) against a
// real server that admits TCP logins only over TLS (TestPostgres.sharedTLS): require encrypts, verify-full checks the
// certificate against the given roots and the host connected to, disable is turned away.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuPostgres
import CashuSQL
import CoreCashu

@Suite("PostgreSQL store over TLS", .timeLimit(.minutes(3)))
struct PostgresTLSTests {
    /// The TLS server's URL with `host` (default 127.0.0.1), a fresh schema and `parameters`; a short connect timeout
    /// so a refusal is seen in seconds.
    static func url(_ server: TestPostgres, host: String? = nil, _ parameters: String) -> String {
        var text = server.url("schema=\(TestPostgres.freshSchema())&connect_timeout=3&\(parameters)")
        if let host { text = text.replacingOccurrences(of: "@\(server.host):", with: "@\(host):") }
        return text
    }

    static func open(_ url: String) async throws -> PostgresWalletStore {
        try await PostgresWalletStore(configuration: PostgresStoreConfiguration(url: url))
    }

    /// Whether the connection a store transaction runs on is encrypted, as the server sees it (`pg_stat_ssl`).
    static func isEncrypted(_ store: PostgresWalletStore) async throws -> Bool {
        try await store.transaction(readOnly: true, during: "test") { tx in
            try tx.count(
                "SELECT count(*) AS count FROM pg_stat_ssl WHERE pid = pg_backend_pid() AND ssl "
                    + "AND version LIKE 'TLSv1.%'", [], table: "pg_stat_ssl", during: "test")
        } == 1
    }

    /// Writes and reads back through the store, and takes a lease (which has its own connection).
    static func use(_ store: PostgresWalletStore) async throws {
        try await store.write { tx in try tx.setMetadata("tls", "yes") }
        await #expect(try store.read { tx in try tx.metadata("tls") } == "yes")
        let lease = try #require(try store.operationLeases.acquire(OperationID.random()))
        lease.release()
    }

    @Test("sslmode=require connects, and the server sees the session encrypted")
    func requireEncrypts() async throws {
        let server = try await TestPostgres.sharedTLS
        let store = try await Self.open(Self.url(server, "sslmode=require"))
        try await Self.use(store)
        #expect(try await Self.isEncrypted(store))
        await store.close()
    }

    @Test("sslmode=prefer takes the TLS the server offers")
    func preferEncrypts() async throws {
        let server = try await TestPostgres.sharedTLS
        let store = try await Self.open(Self.url(server, "sslmode=prefer"))
        #expect(try await Self.isEncrypted(store))
        await store.close()
    }

    @Test(
        "verify-full with the server's CA (sslrootcert) connects, by IP address and by name",
        arguments: ["127.0.0.1", "localhost"])
    func verifyFullWithTheCA(_ host: String) async throws {
        let server = try await TestPostgres.sharedTLS
        let ca = try #require(server.caFile)
        let store = try await Self.open(Self.url(server, host: host, "sslmode=verify-full&sslrootcert=\(ca)"))
        try await Self.use(store)
        #expect(try await Self.isEncrypted(store))
        await store.close()
    }

    @Test("verify-full with the system's roots refuses the test CA's certificate: unavailable")
    func verifyFullWithSystemRoots() async throws {
        let server = try await TestPostgres.sharedTLS
        await expectStorageError(.unavailable) { try await Self.open(Self.url(server, "sslmode=verify-full")) }
    }

    @Test("verify-full refuses a certificate that does not name the host connected to (127.0.0.2): unavailable")
    func verifyFullWrongHost() async throws {
        let server = try await TestPostgres.sharedTLS
        let ca = try #require(server.caFile)
        // The server listens on 127.0.0.2 too, with the same certificate: without verification it is reachable.
        let unverified = try await Self.open(Self.url(server, host: "127.0.0.2", "sslmode=require"))
        await unverified.close()
        await expectStorageError(.unavailable) {
            try await Self.open(Self.url(server, host: "127.0.0.2", "sslmode=verify-full&sslrootcert=\(ca)"))
        }
    }

    @Test("a sslrootcert file holding no certificate is unavailable, never a connection without TLS")
    func unusableRoots() async throws {
        let server = try await TestPostgres.sharedTLS
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-ca-\(UUID().uuidString).pem")
        try Data("not a certificate\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        await expectStorageError(.unavailable) {
            try await Self.open(Self.url(server, "sslmode=verify-full&sslrootcert=\(file.path)"))
        }
    }

    @Test("sslmode=disable is turned away by a server that admits TCP logins only over TLS: unavailable")
    func disableRefused() async throws {
        let server = try await TestPostgres.sharedTLS
        await expectStorageError(.unavailable) { try await Self.open(Self.url(server, "sslmode=disable")) }
    }
}
