// CLI: what the command line keeps in the wallet store's metadata (default mint, the receiving P2PK key).

import CoreCashu

/// Metadata keys of the CLI, namespaced apart from the engine's.
enum CLIMetadata {
    /// The default mint's URL.
    static let defaultMint = "cli.default-mint"
    /// The public key (hex) of the wallet's P2PK receiving key; its private half is in the secure store.
    static let p2pkPublicKey = "cli.p2pk-pubkey"

    /// Reads one value.
    static func read(_ key: String, in store: any WalletStore) async throws -> String? {
        do { return try await store.read { tx in try tx.metadata(key) } } catch {
            throw CLIError(.storage, "cannot read the wallet store", code: "storage")
        }
    }

    /// Writes one value.
    static func write(_ key: String, _ value: String, in store: any WalletStore) async throws {
        do { try await store.write { tx in try tx.setMetadata(key, value) } } catch {
            throw CLIError(.storage, "cannot write the wallet store", code: "storage")
        }
    }
}
