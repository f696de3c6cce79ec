// Storage: one transaction of an in-memory wallet store — a private copy of the state, committed whole or dropped.

/// The ``WalletTransaction`` an ``InMemoryWalletStore`` hands to a body. It works on its own copy of the state; the
/// store keeps the copy only when a write body returns.
final class InMemoryTransaction {
    var state: InMemoryWalletState
    let isReadOnly: Bool

    init(state: InMemoryWalletState, isReadOnly: Bool) {
        self.state = state
        self.isReadOnly = isReadOnly
    }

    /// Throws unless this is a write transaction.
    func requireWritable(_ method: String) throws(StorageError) {
        guard !isReadOnly else { throw StorageError(.readOnly, "\(method) inside a read transaction") }
    }
}

extension MintURL {
    /// The order stores list mints in: the URL's UTF-8 bytes, as SQLite's BINARY collation compares them.
    package static func storeOrder(_ lhs: MintURL, _ rhs: MintURL) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}
