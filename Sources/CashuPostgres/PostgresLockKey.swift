// Storage: 64-bit keys for PostgreSQL advisory locks, derived from the wallet's schema and a name.

import Crypto
import Foundation

/// Advisory lock keys: the first 8 bytes of SHA-256 over a label, the schema and a name, so that wallets in
/// different schemas of one database never share a lock.
enum PostgresLockKey {
    /// The key every write transaction of the wallet in `schema` takes first.
    static func writes(schema: String) -> Int64 { key("cashu-wallet-writes", schema, "") }

    /// The key of an operation's lease in `schema`.
    static func lease(schema: String, operation: String) -> Int64 { key("cashu-operation-lease", schema, operation) }

    private static func key(_ label: String, _ schema: String, _ name: String) -> Int64 {
        let digest = SHA256.hash(data: Data("\(label)\u{0}\(schema)\u{0}\(name)".utf8))
        return digest.prefix(8).reduce(Int64(0)) { ($0 << 8) | Int64($1) }
    }
}
