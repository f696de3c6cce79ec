// Tests of OfflineQueue/ReceiveAttribution.swift: which settled receive in the history a queued token became.

import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("Receive attribution")
struct ReceiveAttributionTests {
    typealias F = QueueFixtures
    let since = Date(timeIntervalSinceReferenceDate: 800_000_000)

    func line(
        _ amount: UInt64,
        mint: MintURL = QueueFixtures.mintA,
        kind: OperationKind = .receive,
        state: HistoryEntry.State = .done,
        memo: String? = "rent",
        at seconds: Double = 10
    ) -> HistoryEntry {
        HistoryEntry(
            id: .random(),
            kind: kind,
            mintURL: mint,
            unit: .sat,
            amount: amount,
            fee: 100 - min(amount, 100),
            state: state,
            memo: memo,
            createdAt: since.addingTimeInterval(seconds)
        )
    }

    @Test func theOldestFittingReceiveIsTaken() throws {
        let attribution = try #require(ReceiveAttribution(token: F.token(100, memo: "rent"), mint: F.mintA))
        #expect(attribution.total == 100 && attribution.unit == .sat && attribution.memo == "rent")
        let later = line(99, at: 20)
        let earlier = line(98, at: 15)
        let history = [
            line(99, at: -5),  // before the window
            line(101),  // more than the token holds
            line(99, mint: F.mintB),
            line(99, kind: .send),
            line(99, state: .pending),
            line(99, memo: nil),
            later, earlier,
        ]
        #expect(attribution.match(in: history, since: since, excluding: []) == earlier)
        #expect(attribution.match(in: history, since: since, excluding: [earlier.id]) == later)
        #expect(attribution.match(in: history, since: since, excluding: [earlier.id, later.id]) == nil)
    }

    @Test func unreadableTokensAndOtherMintsGiveNoAttribution() {
        #expect(ReceiveAttribution(token: "cashuBnope", mint: F.mintA) == nil)
        #expect(ReceiveAttribution(token: F.token(5, mint: F.mintB), mint: F.mintA) == nil)
    }
}
