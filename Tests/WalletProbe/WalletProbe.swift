// Test tool: runs one wallet operation in its own process and SIGKILLs itself at a chosen step (crash tests).
//
// Usage: WalletProbe DIR MINT_URL OPERATION [ARGUMENT] [--kill-at STEP[:KIND][@N]] [--repeat N]
// (@N: the Nth time the step is reached, for operations that pass a step more than once, such as a split receive)
//   OPERATION: fund AMOUNT | send AMOUNT | send-swap AMOUNT | receive TOKEN | melt INVOICE | balance
//              | transfer AMOUNT,TO_MINT_URL (from MINT_URL)
//              | pay INVOICE | prepared-transfer AMOUNT,TO_MINT_URL (prepare, then confirm: `held` is between)
// Prints one line per result on stdout: `ok <details>`; tokens go out as `token <cashuB...>`.

import AsyncHTTPClient
@_spi(Testing) import CashuEngine
import CashuPostgres
import CoreCashu
import Foundation

#if canImport(Glibc)
import Glibc
#endif

@main
struct WalletProbe {
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var killAt: KillPoint?
        var repeatCount = 1
        if let index = arguments.firstIndex(of: "--kill-at"), index + 1 < arguments.count {
            let counted = arguments[index + 1].split(separator: "@").map(String.init)
            let parts = counted[0].split(separator: ":").map(String.init)
            if let step = WalletStep(rawValue: parts[0]) {
                killAt = KillPoint(
                    step: step, kind: parts.count > 1 ? OperationKind(rawValue: parts[1]) : nil,
                    occurrence: counted.count > 1 ? Int(counted[1]) ?? 1 : 1)
            }
            arguments.removeSubrange(index...(index + 1))
        }
        if let index = arguments.firstIndex(of: "--repeat"), index + 1 < arguments.count {
            repeatCount = Int(arguments[index + 1]) ?? 1
            arguments.removeSubrange(index...(index + 1))
        }
        guard arguments.count >= 3 else {
            FileHandle.standardError.write(Data("usage: WalletProbe DIR MINT_URL OPERATION [ARGUMENT]\n".utf8))
            exit(64)
        }
        do {
            try await run(
                directory: URL(fileURLWithPath: arguments[0]), mint: try MintURL(arguments[1]),
                operation: arguments[2], argument: arguments.count > 3 ? arguments[3] : nil, killAt: killAt,
                repeatCount: repeatCount)
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("error \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(
        directory: URL, mint: MintURL, operation: String, argument: String?, killAt: KillPoint?,
        repeatCount: Int
    ) async throws {
        let client = HTTPMintConnector.makeHTTPClient()
        do {
            try await run(
                client: client, directory: directory, mint: mint, operation: operation, argument: argument,
                killAt: killAt, repeatCount: repeatCount)
        } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    static func run(
        client: HTTPClient, directory: URL, mint: MintURL, operation: String, argument: String?,
        killAt: KillPoint?, repeatCount: Int
    ) async throws {
        // `database.url` in the directory: the wallet is in that PostgreSQL database (the tests' TestWallet).
        let store: any WalletStore
        if let url = try? String(contentsOf: directory.appendingPathComponent("database.url"), encoding: .utf8) {
            store = try await PostgresWalletStore(configuration: PostgresStoreConfiguration(url: url))
        } else {
            store = try SQLiteWalletStore(path: directory.appendingPathComponent("wallet.sqlite").path)
        }
        let secureStore = FileSecureStore(file: directory.appendingPathComponent("secrets.json"))
        // A NUT-21 login stored in the directory authenticates (and mints NUT-22 tokens); without one nothing changes.
        let wallet = try await Wallet.open(
            store: store, secureStore: secureStore,
            connectorFactory: { url in
                HTTPMintConnector(
                    mintURL: url, httpClient: client,
                    authorizer: StoredLoginAuthorizer(
                        mint: url, secureStore: secureStore, httpClient: client, proxied: false))
            })
        if let killAt {
            let reachedCount = Locked(0)
            await wallet.setStepHook { reached, reachedKind in
                guard reached == killAt.step && (killAt.kind == nil || killAt.kind == reachedKind) else { return }
                let count = reachedCount.withLock { count in
                    count += 1
                    return count
                }
                if count == killAt.occurrence { kill(getpid(), SIGKILL) }
            }
        }
        let amount = UInt64(argument ?? "") ?? 0
        for _ in 0..<max(1, repeatCount) {
            switch operation {
            case "fund":
                if try await wallet.mints().isEmpty { try await wallet.addMint(mint) }
                let quote = try await wallet.requestMintQuote(amount: amount, mint: mint)
                _ = try await wallet.waitForMintQuote(quote.id, timeout: .seconds(30))
                let result = try await wallet.mintResult(quoteID: quote.id)
                print("ok minted \(result.amount)")
            case "fund-batch":
                // Two quotes of `amount` each, minted in one NUT-29 request.
                if try await wallet.mints().isEmpty { try await wallet.addMint(mint) }
                var ids: [String] = []
                for _ in 0..<2 {
                    let quote = try await wallet.requestMintQuote(amount: amount, mint: mint)
                    _ = try await wallet.waitForMintQuote(quote.id, timeout: .seconds(30))
                    ids.append(quote.id)
                }
                let result = try await wallet.mintResult(quoteIDs: ids)
                print("ok minted \(result.amount)")
            case "send", "send-swap":
                let options = SendOptions(preferOffline: operation == "send")
                let result = try await wallet.send(amount: amount, mint: mint, options: options)
                print("token \(try result.token.serialized(as: .v4))")
            case "receive":
                let result = try await wallet.receive(argument ?? "", options: ReceiveOptions(addUnknownMint: true))
                print("ok received \(result.amount)")
            case "melt":
                let quote = try await wallet.meltQuote(request: argument ?? "", mint: mint)
                let result = try await wallet.melt(quoteID: quote.id)
                print("ok melted \(result.state)")
            case "transfer":
                let parts = (argument ?? "").split(separator: ",", maxSplits: 1).map(String.init)
                guard parts.count == 2, let sats = UInt64(parts[0]) else {
                    throw WalletError(.invalidInput, "transfer takes AMOUNT,TO_MINT_URL")
                }
                let quote = try await wallet.transferQuote(amount: sats, from: mint, to: try MintURL(parts[1]))
                let result = try await wallet.transfer(quote)
                print("ok transferred \(result.state) \(result.arrived)")
            case "pay":
                let prepared = try await wallet.preparePay(request: argument ?? "", mint: mint)
                let result = try await prepared.confirm()
                print("ok paid \(result.state) \(prepared.most)")
            case "prepared-transfer":
                let parts = (argument ?? "").split(separator: ",", maxSplits: 1).map(String.init)
                guard parts.count == 2, let sats = UInt64(parts[0]) else {
                    throw WalletError(.invalidInput, "prepared-transfer takes AMOUNT,TO_MINT_URL")
                }
                let prepared = try await wallet.prepareTransfer(amount: sats, from: mint, to: try MintURL(parts[1]))
                let result = try await prepared.confirm()
                print("ok transferred \(result.state) \(result.arrived)")
            case "balance":
                print("ok balance \(try await wallet.balance())")
            default:
                throw WalletError(.invalidInput, "unknown operation \(operation)")
            }
        }
    }
}

/// Where the probe kills itself: the `occurrence`th time `step` is reached (by an operation of `kind`).
struct KillPoint: Sendable {
    var step: WalletStep
    var kind: OperationKind?
    var occurrence: Int
}
