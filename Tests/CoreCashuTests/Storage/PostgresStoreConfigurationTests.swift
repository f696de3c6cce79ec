// Tests of CashuPostgres/PostgresStoreConfiguration.swift: URLs, the PG* environment and service files read into a
// configuration, what is refused, and a description (and errors) that never show the password. No server needed.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuPostgres

@Suite("PostgresStoreConfiguration")
struct PostgresStoreConfigurationTests {
    typealias Configuration = PostgresStoreConfiguration

    static let password = "pw-Do-Not-Print-7f3a"

    /// Reads `url`, expecting a `WalletError` `invalidInput` whose text does not hold ``password``; returns its text.
    @discardableResult
    static func refused(
        _ url: String, environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) -> String {
        do {
            let configuration = try Configuration(url: url, environment: environment)
            Issue.record("\(url): accepted as \(configuration)", sourceLocation: sourceLocation)
            return ""
        } catch {
            let text = "\(error) \(error.reason)"
            #expect(error.code == .invalidInput, "\(text)", sourceLocation: sourceLocation)
            #expect(!text.contains(password), "\(text)", sourceLocation: sourceLocation)
            return text
        }
    }

    @Test func aFullURL() throws {
        for scheme in ["postgres", "postgresql", "POSTGRES"] {
            let configuration = try Configuration(
                url: "\(scheme)://alice:\(Self.password)@db.example.com:6543/wallets?sslmode=require&schema=w1")
            #expect(configuration.endpoint == .tcp(host: "db.example.com", port: 6543))
            #expect(configuration.username == "alice")
            #expect(configuration.password == Self.password)
            #expect(configuration.database == "wallets")
            #expect(configuration.tls == .require)
            #expect(configuration.schema == "w1")
            #expect(configuration.trustRootsFile == nil)
        }
    }

    /// libpq's defaults: port 5432, the user's name as the database, `prefer` over TCP, schema `cashu`, 10 s.
    @Test func defaults() throws {
        let configuration = try Configuration(url: "postgres://bob@db.example.com")
        #expect(configuration.endpoint == .tcp(host: "db.example.com", port: 5432))
        #expect(configuration.password == nil)
        #expect(configuration.database == "bob")
        #expect(configuration.tls == .prefer)
        #expect(configuration.schema == Configuration.defaultSchema && Configuration.defaultSchema == "cashu")
        #expect(configuration.connectTimeout == .seconds(10))
        #expect(configuration.maxConnections == 8)
        let nothing = try Configuration(environment: ["PGUSER": "carol"])
        #expect(nothing.endpoint == .tcp(host: "localhost", port: 5432))
        #expect(nothing.database == "carol")
    }

    @Test func userAndPasswordArePercentDecoded() throws {
        let configuration = try Configuration(url: "postgres://us%40er%3A1:p%40ss%3Aw%2Fd%20x%25@h/db")
        #expect(configuration.username == "us@er:1")
        #expect(configuration.password == "p@ss:w/d x%")
        // An empty password is a password (the server decides), not a missing one.
        #expect(try Configuration(url: "postgres://u:@h/db").password == "")
    }

    @Test func ipv6HostsInBrackets() throws {
        let configuration = try Configuration(url: "postgres://u@[::1]:5433/db")
        #expect(configuration.endpoint == .tcp(host: "::1", port: 5433))
        #expect(configuration.description.contains("postgres://[::1]:5433/db"))
        let full = try Configuration(url: "postgresql://u@[2001:db8::17]/db")
        #expect(full.endpoint == .tcp(host: "2001:db8::17", port: 5432))
        #expect(full.description.contains("[2001:db8::17]:5432"))
    }

    /// `host=` names a unix socket directory, as in libpq; the socket file is `.s.PGSQL.<port>` in it, TLS off.
    @Test func aSocketDirectoryHost() throws {
        let configuration = try Configuration(url: "postgres://u@localhost/db?host=/run/postgresql")
        #expect(configuration.endpoint == .unixSocket(path: "/run/postgresql/.s.PGSQL.5432"))
        #expect(configuration.tls == .disable)
        #expect(configuration.description.contains("postgres:///run/postgresql/.s.PGSQL.5432/db"))
        let ported = try Configuration(url: "postgres://u@localhost:6000/db?host=%2Ftmp%2Fpg%20dir")
        #expect(ported.endpoint == .unixSocket(path: "/tmp/pg dir/.s.PGSQL.6000"))
        let portParameter = try Configuration(url: "postgres://u@localhost/db?host=/tmp&port=7000")
        #expect(portParameter.endpoint == .unixSocket(path: "/tmp/.s.PGSQL.7000"))
        // An explicit sslmode is kept, and a host parameter that is a name is a TCP host.
        #expect(try Configuration(url: "postgres://u@x/db?host=/tmp&sslmode=prefer").tls == .prefer)
        #expect(try Configuration(url: "postgres://u@x/db?host=other").endpoint == .tcp(host: "other", port: 5432))
    }

    @Test func everySSLMode() throws {
        for mode in Configuration.TLSMode.allCases {
            #expect(try Configuration(url: "postgres://u@h/db?sslmode=\(mode.rawValue)").tls == mode)
        }
        #expect(Configuration.TLSMode.allCases.map(\.rawValue) == ["disable", "prefer", "require", "verify-full"])
        let verify = try Configuration(url: "postgres://u@h/db?sslmode=verify-full&sslrootcert=/etc/roots.pem")
        #expect(verify.tls == .verifyFull && verify.trustRootsFile == "/etc/roots.pem")
        for bad in ["allow", "verify-ca", "REQUIRE", ""] {
            let text = Self.refused("postgres://u:\(Self.password)@h/db?sslmode=\(bad)")
            #expect(text.contains("sslmode"))
        }
    }

    @Test func schemaNames() throws {
        for good in ["a", "wallet_2", "_x", String(repeating: "s", count: 63)] {
            #expect(try Configuration(url: "postgres://u@h/db?schema=\(good)").schema == good)
        }
        let bad = [
            "", "Wallet", "1wallet", "wal-let", "wal%20let", "w%3Bdrop", "%C3%A9", "a.b", "x%22y",
            String(repeating: "s", count: 64),
        ]
        for name in bad {
            let text = Self.refused("postgres://u:\(Self.password)@h/db?schema=\(name)")
            #expect(text.contains("schema"), "\(name)")
        }
        #expect(throws: StorageError.self) {
            try Configuration(
                endpoint: .tcp(host: "h", port: 1), username: "u", password: nil, database: "d", schema: "Bad")
        }
    }

    @Test func connectTimeout() throws {
        #expect(try Configuration(url: "postgres://u@h/db?connect_timeout=2").connectTimeout == .seconds(2))
        #expect(try Configuration(url: "postgres://u@h/db?connect_timeout=3600").connectTimeout == .seconds(3600))
        for bad in ["0", "-1", "3601", "1.5", "abc", ""] {
            let text = Self.refused("postgres://u:\(Self.password)@h/db?connect_timeout=\(bad)")
            #expect(text.contains("connect_timeout"))
        }
        let environment = try Configuration(environment: ["PGUSER": "u", "PGCONNECT_TIMEOUT": "7"])
        #expect(environment.connectTimeout == .seconds(7))
    }

    /// Only parameters the store understands are taken: a typo must not be silently ignored.
    @Test func unknownParametersAreRefused() {
        for name in ["application_name", "sslcert", "target_session_attrs", "SSLMODE"] {
            #expect(Self.refused("postgres://u:\(Self.password)@h/db?\(name)=x").contains(name))
        }
    }

    @Test func malformedURLsAreRefused() {
        for url in [
            "mysql://u:\(Self.password)@h/db", "http://u@h/db", "u:\(Self.password)@h/db", "", "not a url",
            "postgres://u:\(Self.password)@h:0/db", "postgres://u:\(Self.password)@h/db?port=70000",
            "postgres://u:\(Self.password)@h/db?port=x",
        ] {
            Self.refused(url)
        }
    }

    /// No user in the URL, `PGUSER` or the service: `USER` (as libpq), or refused.
    @Test func aMissingUser() throws {
        #expect(Self.refused("postgres://:\(Self.password)@h/db").contains("user"))
        #expect(Self.refused("postgres://h/db").contains("user"))
        #expect(throws: StorageError.self) { try Configuration(environment: [:]) }
        #expect(try Configuration(url: "postgres://h/db", environment: ["USER": "login"]).username == "login")
        #expect(try Configuration(url: "postgres://h/db?user=param").username == "param")
    }

    @Test func theEnvironment() throws {
        let configuration = try Configuration(environment: [
            "PGHOST": "env.example.com", "PGPORT": "6000", "PGUSER": "envuser", "PGPASSWORD": Self.password,
            "PGDATABASE": "envdb", "PGSSLMODE": "verify-full", "PGSSLROOTCERT": "/roots.pem",
            "CASHU_DATABASE_SCHEMA": "envschema", "USER": "login",
        ])
        #expect(configuration.endpoint == .tcp(host: "env.example.com", port: 6000))
        #expect(configuration.username == "envuser")
        #expect(configuration.password == Self.password)
        #expect(configuration.database == "envdb")
        #expect(configuration.tls == .verifyFull)
        #expect(configuration.trustRootsFile == "/roots.pem")
        #expect(configuration.schema == "envschema")
        #expect(!configuration.description.contains(Self.password))

        let socket = try Configuration(environment: ["PGHOST": "/var/run/postgresql", "PGUSER": "u", "PGPORT": "5999"])
        #expect(socket.endpoint == .unixSocket(path: "/var/run/postgresql/.s.PGSQL.5999"))
        #expect(socket.tls == .disable)
        // Empty variables count as unset.
        let empty = try Configuration(environment: ["PGHOST": "", "PGUSER": "u", "PGDATABASE": "", "PGSSLMODE": ""])
        #expect(empty.endpoint == .tcp(host: "localhost", port: 5432) && empty.database == "u" && empty.tls == .prefer)
        for (variable, value) in [
            ("PGPORT", "0"), ("PGPORT", "65536"), ("PGSSLMODE", "allow"), ("CASHU_DATABASE_SCHEMA", "No"),
            ("PGCONNECT_TIMEOUT", "x"),
        ] {
            do {
                _ = try Configuration(environment: ["PGUSER": "u", "PGPASSWORD": Self.password, variable: value])
                Issue.record("\(variable)=\(value) accepted")
            } catch {
                #expect(error.code == .unavailable)
                #expect(!"\(error)".contains(Self.password))
            }
        }
    }

    /// What the URL says wins over the environment; what it leaves out comes from the environment.
    @Test func theURLOverridesTheEnvironment() throws {
        let environment = [
            "PGHOST": "env.example.com", "PGPORT": "1111", "PGUSER": "envuser", "PGPASSWORD": "env-password",
            "PGDATABASE": "envdb", "PGSSLMODE": "require", "CASHU_DATABASE_SCHEMA": "envschema",
            "PGCONNECT_TIMEOUT": "9",
        ]
        let url = "postgres://urluser:\(Self.password)@url.example.com:2222/urldb?sslmode=disable&schema=urlschema"
        let overridden = try Configuration(url: url + "&connect_timeout=3", environment: environment)
        #expect(overridden.endpoint == .tcp(host: "url.example.com", port: 2222))
        #expect(overridden.username == "urluser" && overridden.password == Self.password)
        #expect(overridden.database == "urldb" && overridden.tls == .disable && overridden.schema == "urlschema")
        #expect(overridden.connectTimeout == .seconds(3))

        let filled = try Configuration(url: "postgres://url.example.com", environment: environment)
        #expect(filled.endpoint == .tcp(host: "url.example.com", port: 1111))
        #expect(filled.username == "envuser" && filled.password == "env-password")
        #expect(filled.database == "envdb" && filled.tls == .require && filled.schema == "envschema")
        #expect(filled.connectTimeout == .seconds(9))

        // A URL with no host at all takes the environment's (here a socket directory).
        let hostless = try Configuration(url: "postgresql:///urldb", environment: ["PGHOST": "/sock", "PGUSER": "u"])
        #expect(hostless.endpoint == .unixSocket(path: "/sock/.s.PGSQL.5432") && hostless.database == "urldb")
    }

    /// `PGSERVICE` names a section of `PGSERVICEFILE`; PG* variables and the URL override it.
    @Test func aServiceFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("pg_service.conf").path
        let text = """
            # services of this host
            [other]
            host=other.example.com
            user=other

            [wallet]
            host = svc.example.com
            port=7777
            user=svcuser
            password=\(Self.password)
            dbname=svcdb
            sslmode=require
            connect_timeout=4

            """
        #expect(FileManager.default.createFile(atPath: file, contents: Data(text.utf8)))
        let environment = ["PGSERVICE": "wallet", "PGSERVICEFILE": file]
        let configuration = try Configuration(environment: environment)
        #expect(configuration.endpoint == .tcp(host: "svc.example.com", port: 7777))
        #expect(configuration.username == "svcuser" && configuration.password == Self.password)
        #expect(configuration.database == "svcdb" && configuration.tls == .require)
        #expect(configuration.schema == "cashu" && configuration.connectTimeout == .seconds(4))
        #expect(!configuration.description.contains(Self.password))

        var overridden = environment
        overridden["PGPORT"] = "8888"
        overridden["CASHU_DATABASE_SCHEMA"] = "envschema"
        let mixed = try Configuration(url: "postgres://urluser@/urldb", environment: overridden)
        #expect(mixed.endpoint == .tcp(host: "svc.example.com", port: 8888))
        #expect(mixed.username == "urluser" && mixed.password == Self.password)
        #expect(mixed.database == "urldb" && mixed.schema == "envschema")

        // `~/.pg_service.conf` when no PGSERVICEFILE is set.
        let homeFile = directory.url.appendingPathComponent(".pg_service.conf").path
        try FileManager.default.copyItem(atPath: file, toPath: homeFile)
        let home = try Configuration(environment: ["PGSERVICE": "other", "HOME": directory.url.path])
        #expect(home.endpoint == .tcp(host: "other.example.com", port: 5432) && home.username == "other")
        // A missing service or file adds nothing.
        #expect(throws: StorageError.self) {
            try Configuration(environment: ["PGSERVICE": "nope", "PGSERVICEFILE": file])
        }
        #expect(throws: StorageError.self) {
            try Configuration(environment: ["PGSERVICE": "wallet", "PGSERVICEFILE": file + ".missing"])
        }
    }

    @Test func descriptionNeverShowsThePassword() throws {
        let passwords = [Self.password, "a", "postgres", "cashu", "5432", "u", "@", "db.example.com"]
        for password in passwords {
            let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
            let configuration = try Configuration(url: "postgres://alice:\(encoded)@db.example.com/wallets")
            #expect(configuration.password == password)
            #expect(
                configuration.description
                    == "postgres://db.example.com:5432/wallets (user alice, schema cashu, sslmode prefer)")
        }
        let made = try Configuration(
            endpoint: .unixSocket(path: "/s/.s.PGSQL.1"), username: "u", password: Self.password, database: "d",
            tls: .disable, schema: "x", connectTimeout: .seconds(1), maxConnections: 0)
        #expect(made.description == "postgres:///s/.s.PGSQL.1/d (user u, schema x, sslmode disable)")
        #expect(made.maxConnections == 1)
        #expect(!String(reflecting: made).contains(Self.password))
    }
}
