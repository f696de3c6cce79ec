// Test support: a recovery phrase of a throwaway wallet.

import Foundation
import Testing

extension CLIWallet {
    /// A valid phrase of a wallet made and thrown away.
    static func freshPhrase() async throws -> String {
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("wallet", "init")
        return try #require(try await wallet.json("wallet", "backup").string("mnemonic"))
    }
}
