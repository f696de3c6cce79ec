// Storage: the name of one of several wallets kept side by side (`cashu --wallet NAME`), as a directory and a schema.

/// What a wallet name may be: it becomes a directory's name and part of a PostgreSQL schema's, so only lower-case
/// letters, digits and `_`, starting with a letter, at most 32 characters. `default` is the wallet that was there
/// before names (the directory itself, the schema itself).
package enum WalletName {
    /// The wallet that a command without a name uses.
    package static let standard = "default"
    /// The longest name.
    package static let maximumLength = 32

    /// Why `name` cannot name a wallet, or `nil` when it can.
    package static func problem(with name: String) -> String? {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, bytes.count <= maximumLength, (97...122).contains(first),
            bytes.allSatisfy({ (97...122).contains($0) || (48...57).contains($0) || $0 == 95 })
        else { return "a wallet name is 1-\(maximumLength) of a-z, 0-9 and _, starting with a letter" }
        return nil
    }
}
