// Storage: where the PostgreSQL wallet store connects — a libpq-style URL, the PG* environment or a service file.

import CashuEngine
import Foundation

/// How a ``PostgresWalletStore`` reaches its server, and which schema holds the wallet.
///
/// Read from a URL (`postgres://user:password@host:port/database?sslmode=require&schema=wallet`), from libpq's
/// environment (`PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`, `PGSSLMODE`) or from a libpq service file
/// (`PGSERVICE`); a password the URL and `PGPASSWORD` leave out comes from the password file (`PGPASSFILE`, else
/// `~/.pgpass`, ignored unless only its owner can read it). The password is never part of ``description``.
public struct PostgresStoreConfiguration: Sendable, CustomStringConvertible, CustomReflectable {
    /// Where the server listens.
    package enum Endpoint: Sendable, Equatable {
        /// A host name or address and a TCP port.
        case tcp(host: String, port: Int)
        /// A unix socket file (`<directory>/.s.PGSQL.<port>`).
        case unixSocket(path: String)
    }

    /// libpq's `sslmode`, of the modes this store supports.
    package enum TLSMode: String, Sendable, CaseIterable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it, without verifying its certificate.
        case prefer
        /// TLS always, without verifying the certificate (libpq's meaning of `require`).
        case require
        /// TLS always, the certificate verified against the trust roots and the host name.
        case verifyFull = "verify-full"
    }

    package var endpoint: Endpoint
    package var username: String
    package var password: String?
    package var database: String
    package var tls: TLSMode
    /// A PEM file of trust roots for `verify-full` (`sslrootcert`); the system's roots when `nil`.
    package var trustRootsFile: String?
    /// The schema the wallet's tables live in: one wallet per schema, so one database can hold several.
    package var schema: String
    /// How long opening, or waiting for a free connection, may take before the store is `unavailable`.
    package var connectTimeout: Duration
    /// The most connections (and so concurrent transactions) this process opens.
    package var maxConnections: Int

    /// The default schema.
    package static let defaultSchema = "cashu"

    package init(
        endpoint: Endpoint, username: String, password: String?, database: String, tls: TLSMode = .prefer,
        trustRootsFile: String? = nil, schema: String = Self.defaultSchema, connectTimeout: Duration = .seconds(10),
        maxConnections: Int = 8
    ) throws(StorageError) {
        guard Self.isValidSchema(schema) else {
            throw StorageError(
                .unavailable, "the schema name must be 1-63 of a-z, 0-9 and _, not starting with a digit")
        }
        self.endpoint = endpoint
        self.username = username
        self.password = password
        self.database = database
        self.tls = tls
        self.trustRootsFile = trustRootsFile
        self.schema = schema
        self.connectTimeout = connectTimeout
        self.maxConnections = max(1, maxConnections)
    }

    /// `postgres://host:port/database (user, schema, sslmode)`, without the password.
    public var description: String {
        let place: String
        switch endpoint {
        case .tcp(let host, let port): place = "\(host.contains(":") ? "[\(host)]" : host):\(port)"
        case .unixSocket(let path): place = path
        }
        return "postgres://\(place)/\(database) (user \(username), schema \(schema), sslmode \(tls.rawValue))"
    }

    /// What `dump()` and test failures show: everything but the password.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "endpoint": endpoint, "username": username, "password": password == nil ? "nil" : "<redacted>",
                "database": database, "tls": tls, "schema": schema, "connectTimeout": connectTimeout,
                "maxConnections": maxConnections,
            ])
    }

    static func isValidSchema(_ name: String) -> Bool {
        guard (1...63).contains(name.utf8.count), let first = name.utf8.first, !(48...57).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == 95 }
    }
}

extension PostgresStoreConfiguration {
    /// Reads a `postgres://` or `postgresql://` URL.
    ///
    /// Query parameters: `sslmode` (`disable`, `prefer`, `require`, `verify-full`), `sslrootcert`, `schema`,
    /// `host` (a unix socket directory, as libpq takes it), `connect_timeout` (seconds), `passfile`, and
    /// `pool_max_conns` (1-100, default 8: the most pooled connections this process opens, besides the leases'
    /// one). User name and password are percent-decoded. What the URL leaves out comes from `environment`
    /// (``init(environment:)``'s rules).
    /// - Throws: `WalletError` `invalidInput` naming what is wrong, never echoing the password.
    public init(url text: String, environment: [String: String] = [:]) throws(WalletError) {
        do { try self.init(parsing: text, environment: environment) } catch {
            throw WalletError(.invalidInput, error.reason, underlying: error)
        }
    }

    /// ``init(url:environment:)``, its failures as the store's.
    /// - Throws: `StorageError` `unavailable` naming what is wrong, never echoing the password.
    package init(parsing text: String, environment: [String: String] = [:]) throws(StorageError) {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme?.lowercased(), scheme == "postgres" || scheme == "postgresql"
        else {
            throw StorageError(.unavailable, "the database URL must start with postgres:// or postgresql://")
        }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] { parameters[item.name] = item.value ?? "" }
        var settings = Self.settings(environment)
        if let host = components.percentEncodedHost.flatMap({ $0.removingPercentEncoding }), !host.isEmpty {
            settings["host"] = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        }
        if let port = components.port { settings["port"] = String(port) }
        if let user = components.percentEncodedUser?.removingPercentEncoding, !user.isEmpty {
            settings["user"] = user
        }
        if let password = components.percentEncodedPassword?.removingPercentEncoding {
            settings["password"] = password
        }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        if !path.isEmpty { settings["dbname"] = path }
        for (name, value) in parameters {
            switch name {
            case "sslmode", "sslrootcert", "schema", "host", "port", "user", "password", "dbname", "connect_timeout",
                "passfile", "pool_max_conns":
                settings[name] = value
            default:
                throw StorageError(.unavailable, "the database URL's parameter \(name) is not supported")
            }
        }
        try self.init(settings: settings)
    }

    /// Reads libpq's environment: `PGSERVICE` (a service in `PGSERVICEFILE` or `~/.pg_service.conf`), then `PGHOST`,
    /// `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`, `PGSSLMODE`, `PGSSLROOTCERT`, `PGCONNECT_TIMEOUT`, and
    /// `CASHU_DATABASE_SCHEMA`. A host starting with `/` is a unix socket directory; no host means `localhost`.
    package init(environment: [String: String]) throws(StorageError) {
        try self.init(settings: Self.settings(environment))
    }

    /// The libpq keywords from a service file and the environment (the environment wins).
    static func settings(_ environment: [String: String]) -> [String: String] {
        var settings: [String: String] = [:]
        if let service = environment["PGSERVICE"], !service.isEmpty {
            let file =
                environment["PGSERVICEFILE"]
                ?? environment["HOME"].map { $0 + "/.pg_service.conf" } ?? ""
            settings = PostgresServiceFile.settings(service: service, file: file)
        }
        let names = [
            "PGHOST": "host", "PGPORT": "port", "PGUSER": "user", "PGPASSWORD": "password", "PGDATABASE": "dbname",
            "PGSSLMODE": "sslmode", "PGSSLROOTCERT": "sslrootcert", "PGCONNECT_TIMEOUT": "connect_timeout",
            "CASHU_DATABASE_SCHEMA": "schema", "PGPASSFILE": "passfile",
        ]
        for (variable, keyword) in names {
            if let value = environment[variable], !value.isEmpty { settings[keyword] = value }
        }
        if settings["user"] == nil, let user = environment["USER"] { settings["user"] = user }
        if settings["passfile"] == nil, let home = environment["HOME"] { settings["passfile"] = home + "/.pgpass" }
        return settings
    }

    /// A configuration from libpq keywords.
    init(settings: [String: String]) throws(StorageError) {
        guard let user = settings["user"], !user.isEmpty else {
            throw StorageError(.unavailable, "the database user is missing (in the URL, or PGUSER)")
        }
        let portText = settings["port"] ?? "5432"
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw StorageError(.unavailable, "the database port must be 1-65535")
        }
        let host = settings["host"] ?? "localhost"
        let endpoint: Endpoint =
            host.hasPrefix("/") ? .unixSocket(path: host + "/.s.PGSQL.\(port)") : .tcp(host: host, port: port)
        let modeText = settings["sslmode"] ?? (host.hasPrefix("/") ? "disable" : "prefer")
        guard let mode = TLSMode(rawValue: modeText) else {
            throw StorageError(
                .unavailable,
                "sslmode \(modeText) is not supported (\(TLSMode.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var timeout = Duration.seconds(10)
        if let text = settings["connect_timeout"] {
            guard let seconds = Int(text), (1...3600).contains(seconds) else {
                throw StorageError(.unavailable, "connect_timeout must be 1-3600 seconds")
            }
            timeout = .seconds(seconds)
        }
        var connections = 8
        if let text = settings["pool_max_conns"] {
            guard let count = Int(text), (1...100).contains(count) else {
                throw StorageError(.unavailable, "pool_max_conns must be 1-100")
            }
            connections = count
        }
        let database = settings["dbname"] ?? user
        var password = settings["password"]
        if password == nil, let file = settings["passfile"] {
            // libpq matches a unix socket connection as `localhost`.
            password = PostgresPassFile.password(
                file: file, host: host.hasPrefix("/") ? "localhost" : host, port: port, database: database, user: user)
        }
        try self.init(
            endpoint: endpoint, username: user, password: password, database: database,
            tls: mode, trustRootsFile: settings["sslrootcert"], schema: settings["schema"] ?? Self.defaultSchema,
            connectTimeout: timeout, maxConnections: connections)
    }
}

extension PostgresStoreConfiguration {
    /// The same server and database, with the schema of the wallet called `name` beside this one: this schema for
    /// `default`, else `SCHEMA_NAME` (`cashu --wallet NAME`).
    /// - Throws: `WalletError` `invalidInput` for a name that is not 1-32 of a-z, 0-9 and `_` starting with a
    ///   letter, or when the schema's name would pass PostgreSQL's 63 bytes.
    public func forWallet(named name: String) throws(WalletError) -> PostgresStoreConfiguration {
        if let problem = WalletName.problem(with: name) { throw WalletError(.invalidInput, problem) }
        if name == WalletName.standard { return self }
        let schema = "\(schema)_\(name)"
        guard Self.isValidSchema(schema) else {
            throw WalletError(.invalidInput, "the schema \(schema) would be longer than PostgreSQL's 63 bytes")
        }
        var named = self
        named.schema = schema
        return named
    }
}
