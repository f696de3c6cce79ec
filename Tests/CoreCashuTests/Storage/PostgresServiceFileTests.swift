// Tests of CashuPostgres/PostgresServiceFile.swift: one service's keyword=value lines out of a libpq service file.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuPostgres

@Suite("PostgreSQL service file")
struct PostgresServiceFileTests {
    static let text = """
        # A comment, then a service.
        [first]
        host=first.example.com
        port=5433

          [wallet]
          host = wallet.example.com
        # user=commented-out
        user=walletuser
        password=a=b#c
        dbname=

        not a keyword line
        [last]
        host=last.example.com
        """

    @Test func oneServicesKeywords() {
        #expect(
            PostgresServiceFile.settings(service: "wallet", text: Self.text) == [
                "host": "wallet.example.com", "user": "walletuser", "password": "a=b#c", "dbname": "",
            ])
        #expect(
            PostgresServiceFile.settings(service: "first", text: Self.text) == [
                "host": "first.example.com", "port": "5433",
            ])
        #expect(PostgresServiceFile.settings(service: "last", text: Self.text) == ["host": "last.example.com"])
    }

    @Test func aMissingServiceOrFileIsEmpty() throws {
        #expect(PostgresServiceFile.settings(service: "none", text: Self.text).isEmpty)
        #expect(PostgresServiceFile.settings(service: "First", text: Self.text).isEmpty)
        #expect(PostgresServiceFile.settings(service: "wallet", text: "").isEmpty)
        // Lines before any section belong to no service.
        #expect(PostgresServiceFile.settings(service: "", text: "host=x\n[a]\nhost=y").isEmpty)
        let directory = try TemporaryDirectory()
        let missing = directory.url.appendingPathComponent("missing.conf").path
        #expect(PostgresServiceFile.settings(service: "wallet", file: missing).isEmpty)
        #expect(PostgresServiceFile.settings(service: "wallet", file: directory.url.path).isEmpty)
    }

    @Test func aFileOnDisk() throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("pg_service.conf").path
        let crlf = Self.text.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(FileManager.default.createFile(atPath: file, contents: Data(crlf.utf8)))
        #expect(PostgresServiceFile.settings(service: "wallet", file: file)["user"] == "walletuser")
        #expect(PostgresServiceFile.settings(service: "first", file: file)["port"] == "5433")
    }
}
