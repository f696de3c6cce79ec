// Example: a small wallet front end on LinuxCashu — open a wallet, show its events live, mint, then prepare a
// Lightning payment, show its figures and confirm it. The DocC article "Building a front end" (LinuxCashu.docc) shows
// this file's code; scripts/check-doc-examples fails the tests when the two differ.
//
// Usage: FrontEnd WALLET_DIRECTORY MINT_URL [BOLT11]   (without BOLT11 it pays an invoice of its own mint, which
// a test mint's fake Lightning backend may already have paid by itself)

import CoreCashu
import Foundation
import LinuxCashu

@main
struct FrontEnd {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2, let mint = try? MintURL(arguments[1]) else {
            FileHandle.standardError.write(Data("usage: FrontEnd WALLET_DIRECTORY MINT_URL [BOLT11]\n".utf8))
            exit(64)
        }
        let directory = WalletDirectory(url: URL(fileURLWithPath: arguments[0]))
        do {
            try await run(directory: directory, mint: mint, invoice: arguments.count > 2 ? arguments[2] : nil)
        } catch {
            FileHandle.standardError.write(Data("front end: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(directory: WalletDirectory, mint: MintURL, invoice: String?) async throws {
        // snippet: open
        let configuration = LinuxWalletConfiguration(directory: directory)
        try await LinuxWallet.withWallet(configuration) { linux in
            let wallet = linux.wallet
            let shown = Task { await show(wallet.events()) }
            defer { shown.cancel() }
            try await use(wallet, mint: mint, invoice: invoice)
        }
        // end snippet
    }

    // snippet: events
    /// Shows what happens in the wallet as it happens: a real front end updates its screens here.
    static func show(_ events: AsyncStream<WalletEvent>) async {
        for await event in events {
            switch event {
            case .balanceChanged(let mint, let unit, let balance):
                print("balance at \(mint): \(balance) \(unit)")
            case .operationProgressed(let operation, let progress):
                let percent = Int(progress.fraction * 100)
                print("\(operation.kind): \(progress.completed)/\(progress.total) \(progress.unit) (\(percent)%)")
            case .operationSettled(let operation):
                print("\(operation.kind) settled: \(operation.amount ?? 0) sat, fee \(operation.fee ?? 0)")
            case .operationPending(let operation):
                print("\(operation.kind) pending: the wallet settles it when the mint answers")
            case .mintQuotePaid(_, _, let amount):
                print("invoice paid: \(amount) sat to mint")
            case .eventsMissed:
                print("(missed some events: read the balance and history again)")
            default:
                break
            }
        }
    }
    // end snippet

    static func use(_ wallet: Wallet, mint: MintURL, invoice: String?) async throws {
        // snippet: mint
        try await wallet.addMint(mint)
        let quote = try await wallet.requestMintQuote(amount: 200, mint: mint)
        print("pay this invoice to add 200 sat: \(quote.request)")
        _ = try await wallet.waitForMintQuote(quote.id, timeout: .seconds(120))
        let minted = try await wallet.mint(quoteID: quote.id)
        print("minted \(minted.amount ?? 0) sat")
        // end snippet
        var request = invoice ?? ""
        if invoice == nil { request = try await wallet.requestMintQuote(amount: 50, mint: mint).request }
        // snippet: pay
        let payment = try await wallet.preparePay(request: request, mint: mint)
        print("pay \(payment.amount) sat + up to \(payment.feeReserve + payment.inputFee) sat in fees?")
        print("(at most \(payment.most) sat; the proofs are held until \(payment.expiresAt))")
        guard userConfirms() else {
            await payment.cancel()
            return
        }
        let paid = try await payment.confirm()
        print("paid: \(paid.state), fee \(paid.fee) sat, \(paid.change) sat back as change")
        // end snippet
        print("balance: \(try await wallet.balance()) sat")
    }

    /// The front end's "Pay?" button; this example always says yes.
    static func userConfirms() -> Bool { true }
}
