// Local API: the service's token — random, kept in the wallet's secure store, shown by `cashu daemon api-token`.

import CoreCashu
import LinuxCashu

/// The bearer token of the local API: 32 random bytes in hex, made once and kept in the wallet's secure store (the
/// Secret Service, the encrypted file, ...), so that the service and `cashu daemon api-token` agree on it.
public enum APIToken {
    /// The secure store's key.
    static let key = "cashu-api-token"

    /// The wallet's token, made and saved when it has none.
    public static func load(from wallet: LinuxWallet) async throws -> String {
        let store = wallet.secrets.store
        if let saved = try await store.load(key: key) {
            let text = String(decoding: saved.withUnsafeBytes { Array($0) }, as: UTF8.self)
            if text.utf8.count == 64 { return text }
        }
        return try await renew(in: wallet)
    }

    /// Makes a new token (the old one stops working when the service next starts).
    public static func renew(in wallet: LinuxWallet) async throws -> String {
        let token = APISessions.randomHex()
        try await wallet.secrets.store.save(SecureBytes(Array(token.utf8)), key: key)
        return token
    }
}
