// Tests of Wallet/Sagas/ReceiveGroupHistory.swift: the one history line of a receive split into several swaps.

@testable import CashuEngine
import Foundation
import Testing

@Suite("Receive group history")
struct ReceiveGroupHistoryTests {
    private static let mint = try! MintURL("https://mint.example")
    private static let line = HistoryEntry(
        id: OperationID(rawValue: "leader"), kind: .receive, mintURL: mint, unit: .sat, amount: 10, fee: 3,
        state: .pending, memo: nil, createdAt: Date(timeIntervalSince1970: 0),
        updatedAt: Date(timeIntervalSince1970: 0))
    private static let part = ReceiveGroupPart(group: nil, amount: 4, fee: 1)
    private static let now = Date(timeIntervalSince1970: 100)

    private func close(_ line: HistoryEntry, part: ReceiveGroupPart, settled: Bool, othersOpen: Bool, at now: Date)
        -> HistoryEntry
    {
        ReceiveGroupHistory.closing(line, part: part, settled: settled, othersOpen: othersOpen, at: now)
    }

    @Test("a part that settles while others are open changes nothing but the time")
    func settledWhileOpen() {
        let next = close(Self.line, part: Self.part, settled: true, othersOpen: true, at: Self.now)
        #expect(next.amount == 10 && next.fee == 3 && next.state == .pending && next.updatedAt == Self.now)
    }

    @Test("a failed part takes its amount and fee off")
    func failedPart() {
        let next = close(Self.line, part: Self.part, settled: false, othersOpen: true, at: Self.now)
        #expect(next.amount == 6 && next.fee == 2 && next.state == .pending)
    }

    @Test("the last part closes the line: done if anything arrived, failed if nothing did")
    func lastPart() {
        let done = close(Self.line, part: Self.part, settled: false, othersOpen: false, at: Self.now)
        #expect(done.state == .done && done.amount == 6)
        var rest = Self.line
        rest.amount = 4
        rest.fee = 1
        let failed = close(rest, part: Self.part, settled: false, othersOpen: false, at: Self.now)
        #expect(failed.state == .failed && failed.amount == 0 && failed.fee == 0)
    }
}
