// LinuxWallet: which store a wallet directory's recovery phrase belongs to, so that one phrase never serves two
// stores (their NUT-13 counters would start over at the same place and re-derive each other's secrets).

import CashuPostgres
import CoreCashu
import Foundation

/// `database.binding` in a wallet directory: the PostgreSQL wallet (database and schema) its secure store's phrase
/// belongs to. Absent: the directory's own `wallet.sqlite`, or no wallet yet.
enum WalletDatabaseBinding {
    static let fileName = "database.binding"

    /// What the binding records: the database and the schema (not the host, which failover may change).
    static func identity(_ database: PostgresStoreConfiguration) -> String {
        "\(database.database)/\(database.schema)"
    }

    /// Refuses to open a store the directory's phrase does not belong to, before anything is opened.
    /// - Throws: ``LinuxWalletError`` `configuration` naming the store the directory belongs to.
    static func check(_ configuration: LinuxWalletConfiguration) throws(LinuxWalletError) {
        let directory = configuration.directory
        let file = directory.url.appendingPathComponent(fileName)
        let bound = (try? String(contentsOf: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        let hasSQLite = FileManager.default.fileExists(atPath: directory.databaseURL.path)
        switch (configuration.database, bound) {
        case (let database?, let bound?) where bound != identity(database):
            throw LinuxWalletError(
                .configuration,
                "\(directory.url.path) belongs to the PostgreSQL wallet \(bound), not \(identity(database)): "
                    + "use another wallet directory (--dir) for it")
        case (.some, nil) where hasSQLite:
            throw LinuxWalletError(
                .configuration,
                "\(directory.url.path) holds a SQLite wallet; its recovery phrase must not serve a second store: "
                    + "use another wallet directory (--dir) for the PostgreSQL wallet")
        case (nil, let bound?) where !hasSQLite:
            throw LinuxWalletError(
                .configuration,
                "\(directory.url.path) belongs to the PostgreSQL wallet \(bound): pass --database (CASHU_DATABASE_URL), "
                    + "or use another wallet directory")
        default:
            return
        }
    }

    /// Records the PostgreSQL wallet the directory's phrase now belongs to (0600).
    static func record(_ configuration: LinuxWalletConfiguration) throws(LinuxWalletError) {
        guard let database = configuration.database else { return }
        let path = configuration.directory.url.appendingPathComponent(fileName).path
        let text = identity(database) + "\n"
        guard (try? String(contentsOfFile: path, encoding: .utf8)) != text else { return }
        let attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o600]
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: attributes) else {
            throw LinuxWalletError(.storage, "cannot write \(path)")
        }
    }
}
