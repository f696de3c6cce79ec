// Tests of Storage/MintStore.swift and Storage/QuoteStore.swift against every backend.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("MintStore and QuoteStore contract")
struct MintQuoteContractTests {
    typealias F = StoreFixtures

    /// A mint that moved (`cashu mints move`): every record of it takes the new URL, the balances and counts follow
    /// the proofs, and the other mint's records stay as they were.
    @Test(arguments: StoreFactory.all)
    func moveMintMovesEveryRecordOfTheMint(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let ids = try await F.populate(store)
        let moved = F.url("https://moved.example.com/cashu")
        let token = StoredAuthProof(
            mintURL: F.mintA, proof: AuthProof(id: F.keysetV2, secret: "auth", C: Scalar.random().publicKey))
        let queued = QueuedOperation(
            mintURL: F.mintA, kind: .receive, payload: [1], state: .queued, createdAt: F.t0, updatedAt: F.t0)
        try await store.write { tx throws in
            try tx.addAuthProofs([token])
            try tx.insertQueuedOperation(queued)
        }
        let before = try await StoreSnapshot(store, operationIDs: ids)
        let count = try await store.write { tx throws in try tx.moveMint(from: F.mintA, to: moved) }
        #expect(count == before.proofs.filter { $0.mintURL == F.mintA }.count)
        let after = try await StoreSnapshot(store, operationIDs: ids)

        func renamed(_ url: MintURL) -> MintURL { url == F.mintA ? moved : url }
        func lines<T>(_ records: [T], _ line: (T) -> String) -> [String] { records.map(line).sorted() }
        #expect(lines(after.proofs) { "\($0.Y.hex) \($0.mintURL)" } == lines(before.proofs) {
            "\($0.Y.hex) \(renamed($0.mintURL))"
        })
        #expect(lines(after.keysets) { "\($0.id) \($0.mintURL)" } == lines(before.keysets) {
            "\($0.id) \(renamed($0.mintURL))"
        })
        #expect(lines(after.mints) { "\($0.url) \($0.addedAt)" } == lines(before.mints) {
            "\(renamed($0.url)) \($0.addedAt)"
        })
        #expect(after.operations.map { $0?.mintURL } == before.operations.map { $0.map { renamed($0.mintURL) } })
        #expect(after.mintQuotes.map(\.mintURL) == before.mintQuotes.map { renamed($0.mintURL) })
        #expect(after.meltQuotes.map(\.mintURL) == before.meltQuotes.map { renamed($0.mintURL) })
        #expect(after.history.map(\.mintURL) == before.history.map { renamed($0.mintURL) })
        let balances = lines(after.balances) { "\($0.mintURL) \($0.status) \($0.amount) \($0.count)" }
        #expect(balances == lines(before.balances) { "\(renamed($0.mintURL)) \($0.status) \($0.amount) \($0.count)" })
        try await store.read { tx throws in
            #expect(try tx.authProofCount(mintURL: moved) == 1)
            #expect(try tx.authProofCount(mintURL: F.mintA) == 0)
            #expect(try tx.queuedOperation(id: queued.id)?.mintURL == moved)
            #expect(try tx.proofBuckets(mintURL: F.mintA, unit: .sat, status: .unspent).isEmpty)
            #expect(try !tx.proofBuckets(mintURL: moved, unit: .sat, status: .unspent).isEmpty)
        }
    }

    @Test(arguments: StoreFactory.all)
    func mintsRoundTripReplaceListByURLAndRemove(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let full = StoredMint(url: F.mintB, infoJSON: Array(#"{"name":"B","nuts":{}}"#.utf8), infoFetchedAt: F.at(5),
            addedAt: F.at(1))
        let bare = StoredMint(url: F.mintA, addedAt: Date())
        let empty = StoredMint(url: F.url("https://c.example.com"), infoJSON: [], addedAt: F.at(2))
        try await store.write { tx throws in
            try tx.saveMint(full)
            try tx.saveMint(bare)
            try tx.saveMint(empty)
        }
        try await store.read { tx throws in
            #expect(try tx.mint(url: F.mintB) == full)
            #expect(try tx.mint(url: F.mintA) == bare)
            #expect(try tx.mint(url: empty.url)?.infoJSON == [])
            #expect(try tx.mint(url: F.url("https://unknown.example.com")) == nil)
            // By URL bytes: "http://127..." < "https://c..." < "https://mint-a...".
            #expect(try tx.mints() == [full, empty, bare])
        }
        var refreshed = bare
        refreshed.infoJSON = Array("{}".utf8)
        refreshed.infoFetchedAt = F.at(9)
        try await store.write { [refreshed] tx throws in
            try tx.saveMint(refreshed)
            try tx.removeMint(url: F.mintB)
            try tx.removeMint(url: F.url("https://unknown.example.com"))
        }
        await #expect(try store.read { tx in try tx.mints() } == [empty, refreshed])
    }

    @Test(arguments: StoreFactory.all)
    func mintQuotesRoundTripAndListNewestFirst(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        var full = F.mintQuote(id: "quote-full", mint: F.mintB, createdAt: F.at(1), pubkey: Scalar.random().publicKey)
        full.amount = .max
        full.expiry = .max
        full.state = .unknown("SOMETHING_NEW")
        full.method = "bolt12"
        full.updatedAt = F.at(7)
        let old = F.mintQuote(id: "old", createdAt: F.at(0))
        let tie1 = F.mintQuote(id: "tie-1", createdAt: F.at(3))
        let tie2 = F.mintQuote(id: "tie-2", createdAt: F.at(3))
        try await store.write { [full] tx throws in
            for quote in [tie1, full, old, tie2] { try tx.saveMintQuote(quote) }
        }
        try await store.read { [full] tx throws in
            #expect(try tx.mintQuote(id: "quote-full") == full)
            #expect(try tx.mintQuote(id: "old") == old && old.pubkey == nil && old.expiry == nil)
            #expect(try tx.mintQuote(id: "missing") == nil)
            #expect(try tx.mintQuotes(mintURL: nil) == [tie2, tie1, full, old])
            #expect(try tx.mintQuotes(mintURL: F.mintA) == [tie2, tie1, old])
            #expect(try tx.mintQuotes(mintURL: F.url("https://unknown.example.com")).isEmpty)
        }
        // Replacing a quote updates it in place: it keeps its position among equal times.
        var paid = tie1
        paid.state = .paid
        paid.updatedAt = F.at(8)
        try await store.write { [paid] tx in try tx.saveMintQuote(paid) }
        await #expect(try store.read { tx in try tx.mintQuotes(mintURL: F.mintA) } == [tie2, paid, old])
    }

    @Test(arguments: StoreFactory.all)
    func meltQuotesRoundTripAndListNewestFirst(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        var full = F.meltQuote(id: "melt-full", mint: F.mintB, createdAt: F.at(1))
        full.amount = F.hugeAmount
        full.feeReserve = .max
        full.expiry = 1_700_000_000
        full.state = .paid
        full.paymentPreimage = String(repeating: "ab", count: 32)
        let old = F.meltQuote(id: "old", createdAt: F.at(0))
        let tie1 = F.meltQuote(id: "tie-1", createdAt: F.at(3))
        let tie2 = F.meltQuote(id: "tie-2", createdAt: F.at(3))
        try await store.write { [full] tx throws in
            for quote in [tie1, full, old, tie2] { try tx.saveMeltQuote(quote) }
        }
        try await store.read { [full] tx throws in
            #expect(try tx.meltQuote(id: "melt-full") == full)
            #expect(try tx.meltQuote(id: "old") == old && old.paymentPreimage == nil)
            #expect(try tx.meltQuote(id: "missing") == nil)
            #expect(try tx.meltQuotes(mintURL: nil) == [tie2, tie1, full, old])
            #expect(try tx.meltQuotes(mintURL: F.mintB) == [full])
        }
        var pending = tie1
        pending.state = .pending
        try await store.write { [pending] tx in try tx.saveMeltQuote(pending) }
        await #expect(try store.read { tx in try tx.meltQuotes(mintURL: F.mintA) } == [tie2, pending, old])
        // Mint and melt quotes are separate namespaces.
        await #expect(try store.read { tx in try tx.mintQuote(id: "tie-1") } == nil)
    }
}
