// SecureStore: the name under which one wallet's secrets are kept, so several wallets share a keyring.

/// Identifies a wallet's secrets in a shared secret store (libsecret's `wallet` attribute).
///
/// 1 to 64 characters from `A-Z a-z 0-9 . _ -`. The chooser gives a new wallet a random id and records it in the
/// wallet directory, so moving the directory keeps its secrets.
/// A front end prints it (``description``); the wallet directory's `secure-store.json` keeps it as a string.
public struct WalletID: Hashable, Sendable, CustomStringConvertible {
    /// The id as the keyring and `secure-store.json` keep it.
    package let rawValue: String

    /// The id `rawValue`, or `nil` when it is empty, longer than 64 characters or has other characters.
    package init?(rawValue: String) {
        guard (1...64).contains(rawValue.utf8.count),
            rawValue.utf8.allSatisfy({ byte in
                (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            })
        else { return nil }
        self.rawValue = rawValue
    }

    /// A new random id (16 hex digits).
    package static func random() -> WalletID {
        var generator = SystemRandomNumberGenerator()
        let value = generator.next() as UInt64
        let hex = String(value, radix: 16)
        return WalletID(uncheckedRawValue: String(repeating: "0", count: 16 - hex.count) + hex)
    }

    private init(uncheckedRawValue: String) {
        rawValue = uncheckedRawValue
    }

    public var description: String { rawValue }
}
