// CLI: `cashu wallet pubkey` — the wallet's P2PK receiving key (NUT-11): tokens locked to it only this wallet can
// claim. Made on first use; its private half is kept in the secure store, where receive finds it.

import ArgumentParser
import CoreCashu

struct WalletPubkeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pubkey",
        abstract: "Show the public key others lock tokens to (`cashu send --lock KEY`)."
    )

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await WalletContext.run(global) { context in
            let key: Point
            if let hex = try await CLIMetadata.read(CLIMetadata.p2pkPublicKey, in: context.store), !hex.isEmpty,
                let known = try? Point(hex: hex)
            {
                key = known
            } else {
                let secret = Scalar.random()
                key = secret.publicKey
                do {
                    try await context.secureStore.save(
                        SecureBytes(secret.exposedSecretBytes),
                        key: SecureStoreKey.p2pkKey(key)
                    )
                } catch {
                    throw CLIError(.storage, "cannot save the key in the secure store", code: "secureStore")
                }
                try await CLIMetadata.write(CLIMetadata.p2pkPublicKey, key.hex, in: context.store)
            }
            context.output.result(human: key.hex, json: .object([("pubkey", .string(key.hex))]))
        }
    }
}
