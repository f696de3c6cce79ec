// SecureStore: the wallet directory's note of which secure store holds its secrets, and under which wallet id.

import Foundation

/// `secure-store.json` in a wallet directory: the store kind and wallet id chosen when the wallet was created.
///
/// The chooser keeps to it afterwards: a wallet whose secrets are in the keyring must not silently switch to an
/// empty encrypted file because one run (cron, ssh) had no D-Bus session.
struct SecureStoreRecord: Codable, Sendable, Equatable {
    static let fileName = "secure-store.json"

    var kind: SecureStoreKind
    var wallet: WalletID

    init(kind: SecureStoreKind, wallet: WalletID) {
        self.kind = kind
        self.wallet = wallet
    }

    // Both as their names: {"kind":"secret-service","wallet":"0123456789abcdef"}.
    private enum CodingKeys: String, CodingKey {
        case kind, wallet
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kindName = try container.decode(String.self, forKey: .kind)
        guard let kind = SecureStoreKind(rawValue: kindName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "not a secure store kind")
        }
        let walletName = try container.decode(String.self, forKey: .wallet)
        guard let wallet = WalletID(rawValue: walletName) else {
            throw DecodingError.dataCorruptedError(forKey: .wallet, in: container, debugDescription: "not a wallet id")
        }
        self.init(kind: kind, wallet: wallet)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind.rawValue, forKey: .kind)
        try container.encode(wallet.rawValue, forKey: .wallet)
    }

    /// The record in `directory`, or `nil` when there is none.
    static func read(in directory: URL) throws(SecureStoreError) -> SecureStoreRecord? {
        let file = directory.appendingPathComponent(fileName)
        guard let data = try PrivateFiles.contents(of: file, limit: 64 << 10) else { return nil }
        do {
            return try JSONDecoder().decode(SecureStoreRecord.self, from: data)
        } catch {
            throw SecureStoreError(.corrupt, "\(file.path) is not a secure store record")
        }
    }

    /// Writes the record into `directory` (0600, atomically).
    func write(in directory: URL) throws(SecureStoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(self) } catch {
            throw SecureStoreError(.invalidInput, "cannot encode the secure store record", underlying: error)
        }
        try PrivateFiles.createDirectory(directory)
        try PrivateFiles.replace(directory.appendingPathComponent(Self.fileName), with: data)
    }
}
