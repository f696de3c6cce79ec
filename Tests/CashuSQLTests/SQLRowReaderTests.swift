// Tests of CashuSQL/SQLRowReader.swift: NULLs, formats, and anything unreadable as `corrupt` without its value.

import CashuEngine
import CashuSQL
import Foundation
import Testing

@Suite("SQLRowReader")
struct SQLRowReaderTests {
    static func reader(_ cells: [String: SQLValue]) -> SQLRowReader {
        SQLRowReader(DictionaryRow(cells), table: "t")
    }

    @Test func readsEachFormat() throws {
        let date = Date(timeIntervalSinceReferenceDate: 780_000_000.123_456_789)
        let r = Self.reader([
            "huge": .amount(1 << 63), "when": .date(date), "flag": .boolean(true), "n": .count(7), "none": .text(nil),
            "blob": .bytes([1, 2]),
        ])
        #expect(try r.uint64("huge") == 1 << 63)
        #expect(try r.date("when") == date)
        #expect(try r.bool("flag"))
        #expect(try r.int("n") == 7)
        #expect(try r.optionalText("none") == nil)
        #expect(try r.bytes("blob") == [1, 2])
    }

    @Test(arguments: ["missing", "null", "wrongType", "unparsable"])
    func unreadableIsCorruptAndNamesTheColumnNotTheValue(_ column: String) {
        let r = Self.reader([
            "null": .text(nil), "wrongType": .integer(1), "unparsable": .text("do-not-print-this-secret"),
        ])
        do {
            _ = try r.parsed(column) { try CompressedPoint(hex: $0) }
            Issue.record("no error")
        } catch {
            #expect(error.code == .corrupt)
            #expect(error.reason == "t.\(column) is unreadable")
            #expect(!"\(error) \(String(describing: error.underlying))".contains("do-not-print-this-secret"))
        }
    }
}
