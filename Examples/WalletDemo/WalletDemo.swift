// Example: the wallet engine end to end against a mint — mint 1000 sat, send 300, receive it, pay an invoice.
//
// Usage: WalletDemo MINT_URL [PAYEE_MINT_URL]   (a library example; scripts/demo shows the `cashu` binary instead)

import AsyncHTTPClient
import CoreCashu
import Foundation

@main
struct WalletDemo {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let first = arguments.first, let mint = try? MintURL(first) else {
            FileHandle.standardError.write(Data("usage: WalletDemo MINT_URL [PAYEE_MINT_URL]\n".utf8))
            exit(64)
        }
        let payee = arguments.count > 1 ? try? MintURL(arguments[1]) : nil
        let client = MintConnections.makeHTTPClient()
        var failed = false
        do {
            try await run(mint: mint, payee: payee, client: client)
        } catch {
            FileHandle.standardError.write(Data("demo failed: \(error)\n".utf8))
            failed = true
        }
        try? await client.shutdown()
        exit(failed ? 1 : 0)
    }

    static func run(mint: MintURL, payee: MintURL?, client: HTTPClient) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let connections = MintConnections.http(client: client)
        func open(_ name: String) async throws -> Wallet {
            let folder = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return try await Wallet.open(
                store: try .sqlite(path: folder.appendingPathComponent("wallet.sqlite").path),
                secureStore: DemoSecureStore(),
                connections: connections)
        }
        let alice = try await open("alice")
        let bob = try await open("bob")

        let capabilities = try await alice.addMint(mint)
        print("mint \(mint): \(capabilities.name ?? "unnamed"), \(capabilities.version ?? "?")")
        try await bob.addMint(mint)

        let quote = try await alice.requestMintQuote(amount: 1000, mint: mint)
        print("alice: pay this invoice to mint 1000 sat: \(quote.request.prefix(40))…")
        _ = try await alice.waitForMintQuote(quote.id, timeout: .seconds(60))
        let minted = try await alice.mint(quoteID: quote.id)
        print("alice: minted \(minted.amount ?? 0) sat; balance \(try await alice.balance())")

        let send = try await alice.prepareSend(amount: 300, mint: mint)
        let token = try await send.confirm().serialized(as: .v4)
        print("alice: sent 300 sat (fee \(send.fee)) as a token of \(token.count) characters: \(token.prefix(32))…")
        print("alice: balance \(try await alice.balance())")

        let received = try await bob.prepareReceive(token).confirm()
        print("bob:   received \(received.amount) sat (fee \(received.fee)); balance \(try await bob.balance())")
        let check = try await alice.check()
        print("alice: the token was claimed: \(check.claimed.contains(send.operationID))")

        if let payee {
            let payeeWallet = try await open("payee")
            try await payeeWallet.addMint(payee)
            let invoice = try await payeeWallet.requestMintQuote(amount: 100, mint: payee).request
            let payment = try await alice.preparePay(request: invoice, mint: mint)
            print("alice: paying 100 sat, at most \(payment.most) with fees")
            let melted = try await payment.confirm()
            print("alice: payment \(melted.state), fees \(melted.fee), change \(melted.change)")
        }
        print("alice: balance \(try await alice.balance()) sat")
        print("alice: history")
        for entry in try await alice.activity() {
            print(
                "  \(entry.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.amount) sat, "
                    + "fee \(entry.fee), \(entry.state.rawValue)")
        }
    }
}
