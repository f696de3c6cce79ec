// Engine tests: a wallet on an in-memory store against scripted mints, and what the tests read back from it.

import CashuEngineTestSupport
@testable import CashuEngine
import Testing

/// One wallet over an in-memory store, reaching `mints`; everything a test needs to look inside.
struct EngineHarness {
    let mint: ScriptedMint
    let store: InMemoryWalletStore
    let secureStore: InMemorySecureStore
    let wallet: Wallet

    /// A wallet at a fresh scripted mint, funded with `amount` (nothing when 0).
    static func make(
        amount: UInt64 = 0, mint: ScriptedMint = ScriptedMint(), options: WalletOptions = WalletOptions()
    ) async throws -> EngineHarness {
        let store = InMemoryWalletStore()
        let secureStore = InMemorySecureStore()
        let wallet = try await ScriptedWallet.open(
            mints: [mint], store: store, secureStore: secureStore, options: options)
        try await wallet.addMint(mint.url)
        if amount > 0 { try await ScriptedWallet.fund(wallet, at: mint, amount: amount) }
        return EngineHarness(mint: mint, store: store, secureStore: secureStore, wallet: wallet)
    }

    /// A second wallet on the same store and secure store (another process's view, sharing leases).
    func sibling() async throws -> Wallet {
        try await ScriptedWallet.open(mints: [mint], store: store, secureStore: secureStore, recover: false)
    }

    /// The wallet error `body` throws; records an issue when it succeeds or throws something else.
    func error<T>(_ body: () async throws -> T) async -> WalletError? {
        do {
            _ = try await body()
            Issue.record("expected a WalletError")
            return nil
        } catch let error as WalletError {
            return error
        } catch {
            Issue.record("expected a WalletError, got \(error)")
            return nil
        }
    }

    /// The journaled operation.
    func operation(_ id: OperationID?) async throws -> OperationRecord? {
        guard let id else { return nil }
        return try await store.read { tx in try tx.operation(id: id) }
    }

    /// Operations still open.
    func openOperations() async throws -> [OperationRecord] {
        try await store.read { tx in try tx.unfinishedOperations() }
    }

    /// Unspent balance at the mint.
    func balance() async throws -> UInt64 { try await wallet.balance() }

    /// How much the wallet holds in `status`.
    func amount(_ status: ProofStatus) async throws -> UInt64 {
        try await store.read { tx in
            try tx.proofs(mintURL: nil, unit: nil, statuses: [status])
        }.reduce(0) { $0 + $1.amount }
    }

    /// The history line of an operation.
    func history(_ id: OperationID?) async throws -> HistoryEntry? {
        try await wallet.history().first { $0.id == id }
    }

    /// `Y` of each proof.
    static func Ys(_ proofs: [Proof]) throws -> [CompressedPoint] {
        try proofs.map { CompressedPoint(try HashToCurve.point(secret: $0.secret)) }
    }

    /// A melt quote for an invoice of `amount` at the mint.
    func meltQuote(_ amount: UInt64) async throws -> StoredMeltQuote {
        try await wallet.meltQuote(request: mint.makeInvoice(amount: amount), mint: mint.url)
    }
}
