// Soak (issue 30): where the soak's wallets keep their data — SQLite in each wallet directory, or each wallet in a
// fresh schema of a PostgreSQL database (the soak's own server, or one named by URL).

import CashuTestSupport
import Foundation

/// The soak's wallet store. On PostgreSQL every wallet (A, B, each throwaway restore) gets a schema of its own,
/// named `soak_<run>_<label>_<random>`; the secrets stay in the plaintext file in the wallet directory.
struct SoakStore: Sendable, CustomStringConvertible {
    /// The database the wallets' schemas go in; `nil`: SQLite.
    var databaseURL: String?
    /// The soak's own server (`scripts/soak --postgres`), its data on the soak's disk.
    var server: SoakPostgres?
    /// This run's part of the schema names.
    var run = String(UUID().uuidString.lowercased().prefix(6))

    static let sqlite = SoakStore(databaseURL: nil, server: nil)

    var isPostgres: Bool { databaseURL != nil }

    /// A fresh schema for a wallet (`label`: `a`, `b`, `r` for a restore...), or `nil` on SQLite.
    func newSchema(_ label: String) -> String? {
        guard isPostgres else { return nil }
        let random = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(8)
        return "soak_\(run)_\(label.lowercased())_\(random)"
    }

    /// A wallet process's variables: `CASHU_DATABASE_URL` naming its schema, and the soak's own libpq variables
    /// (`PGPASSWORD`, `PGPASSFILE`, `PGSSLROOTCERT`...) for a URL that leaves them out; none on SQLite.
    func environment(schema: String?) -> [String: String] {
        guard let schema, isPostgres else { return [:] }
        var environment = ProcessInfo.processInfo.environment.filter { $0.key.hasPrefix("PG") }
        environment["CASHU_DATABASE_URL"] = url(schema: schema)
        return environment
    }

    /// The database URL with `schema=NAME` in place of any schema it named.
    func url(schema: String) -> String {
        libpqURL + (libpqURL.contains("?") ? "&" : "?") + "schema=\(schema)"
    }

    /// The database URL without `schema=` (libpq, so psql and pg_dump, would refuse it).
    var libpqURL: String {
        let url = databaseURL ?? ""
        guard let mark = url.firstIndex(of: "?") else { return url }
        let kept = url[url.index(after: mark)...].split(separator: "&").filter { !$0.hasPrefix("schema=") }
        return String(url[..<mark]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&"))
    }

    /// The store for the report: the database's scheme, host, port and name, never its user or password.
    var description: String {
        guard let databaseURL else { return "SQLite (wallet.sqlite in each wallet directory)" }
        let place = Self.place(of: databaseURL)
        if server != nil {
            return "PostgreSQL \(place), a schema per wallet (the soak's own server, its data on the soak's disk)"
        }
        return "PostgreSQL \(place), a schema per wallet (its disk is not the soak's: refused writes hit only the "
            + "wallet directories)"
    }

    /// `scheme://host:port/database` of a URL, without user, password or parameters.
    static func place(of url: String) -> String {
        let separator = url.range(of: "://")
        let scheme = separator.map { String(url[..<$0.upperBound]) } ?? ""
        let rest = (separator.map { url[$0.upperBound...] } ?? url[...]).prefix { $0 != "?" }
        let authority = rest.prefix { $0 != "/" }
        let host = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
        return scheme + host + rest.dropFirst(authority.count)
    }

    /// Drops `schemas` (a throwaway restore's, or all of this run's), as far as the database lets it: a full disk or
    /// a server in recovery leaves them.
    func drop(_ schemas: [String]) async {
        guard isPostgres, !schemas.isEmpty else { return }
        let statements = schemas.map { "DROP SCHEMA IF EXISTS \"\($0)\" CASCADE;" }.joined(separator: " ")
        _ = try? await psql("SET lock_timeout = '10s'; " + statements)
    }

    /// The schemas this run made that are still there.
    func schemas() async -> [String] {
        guard isPostgres, let names = try? await psql(
            "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'soak\\_\(run)\\_%'")
        else { return [] }
        return names.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// Writes `schema` as SQL to `file` (a wallet's data after a failure), as far as pg_dump can.
    func dump(_ schema: String, to file: URL) async {
        guard isPostgres, let pgDump = try? TestPostgres.binary("pg_dump") else { return }
        _ = try? await ScriptRunner.run(
            pgDump, arguments: ["-n", schema, "-f", file.path, "-d", libpqURL],
            environment: ProcessInfo.processInfo.environment)
    }

    /// Runs `sql` with psql against the database; its output.
    private func psql(_ sql: String) async throws -> String {
        let psql = try TestPostgres.binary("psql")
        let outcome = try await ScriptRunner.run(
            psql, arguments: ["-X", "-q", "-A", "-t", "-d", libpqURL, "-c", sql],
            environment: ProcessInfo.processInfo.environment)
        guard outcome.status == 0 else { throw SoakFailure(description: "psql: \(outcome.standardError)") }
        return outcome.standardOutput
    }
}
