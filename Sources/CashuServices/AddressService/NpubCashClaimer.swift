// npub.cash v2 — claiming what was paid to the wallet's address: list the service's paid quotes since the cursor,
// record each (and the lock key) before anything is minted, move the cursor in the same transaction, then mint every
// paid quote through the engine's journaled mint path (NUT-20-signed with the Nostr identity). Killed at any step,
// the next claim (or `Wallet.open`'s recovery) finishes the work; the mint never issues a quote twice.

import CashuNostr
import CoreCashu

/// Claims an address's payments into a wallet.
package struct NpubCashClaimer: Sendable {
    let wallet: Wallet
    let client: NpubCashClient

    /// The metadata key of the service's cursor (the last `paidAt` whose quotes are all recorded).
    package static func cursorKey(_ service: NpubCashService) -> String { "npubcash.since.\(service.baseURL)" }

    package init(wallet: Wallet, client: NpubCashClient) {
        self.wallet = wallet
        self.client = client
    }

    /// Lists, records and mints.
    /// - Throws: ``NpubCashError`` from the service (nothing recorded then); `WalletError` from the wallet (what was
    ///   recorded stays, minted by the next claim or refresh).
    package func claim() async throws -> NpubCashClaim {
        guard let identity = wallet.nostrIdentityKey else {
            throw WalletError(.secureStore, "the wallet's seed gives no Nostr identity")
        }
        let key = Self.cursorKey(client.service)
        let previous = try await wallet.metadataValue(key).flatMap { Int64($0) }
        let listed = try await client.quotes(since: NpubCashClaimPlan.since(cursor: previous))
        let known = Set(try await wallet.mints().map(\.url))
        let plan = NpubCashClaimPlan(
            listed: listed, knownMints: known, previous: previous, lock: identity.lockingPublicKey)
        _ = try await wallet.recordExternalMintQuotes(
            plan.record, key: identity.privateKey, metadata: plan.cursor.map { [key: String($0)] } ?? [:])
        // Every mint holding a paid quote: those just recorded, and those a claim killed before minting recorded.
        let waiting = try await wallet.mintQuotes().filter { $0.state == .paid }.map(\.mintURL)
        var minted: [WalletOperationEvent] = []
        var firstFailure: (any Error)?
        for mint in Set(waiting + plan.record.map(\.mintURL)).sorted(by: { $0.rawValue < $1.rawValue }) {
            do { minted += try await wallet.mintPaidQuotes(mint: mint).map(\.event) } catch {
                firstFailure = firstFailure ?? error
            }
        }
        if let firstFailure, minted.isEmpty { throw firstFailure }
        return NpubCashClaim(minted: minted, unknownMints: plan.unknownMints)
    }
}
