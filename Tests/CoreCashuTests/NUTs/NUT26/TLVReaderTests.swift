// NUT-26 — Payment request bech32m encoding: tests of the TLV reader, writer and tag tuples.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("TLVReader")
struct TLVReaderTests {
    @Test func writesAndReadsRecords() throws {
        var writer = TLVWriter()
        try writer.append(0x01, "ab")
        try writer.append(0xff, [UInt8]())
        try writer.append(0x02, [UInt8](repeating: 7, count: 300))
        #expect(Array(writer.bytes.prefix(5)) == [0x01, 0x00, 0x02, 0x61, 0x62])
        var reader = TLVReader(writer.bytes)
        var records: [(UInt8, Int)] = []
        while let (tag, value) = try reader.next() { records.append((tag, value.count)) }
        #expect(records.map(\.0) == [0x01, 0xff, 0x02])
        #expect(records.map(\.1) == [2, 0, 300])
    }

    @Test func rejectsOverlongValue() {
        var writer = TLVWriter()
        #expect(throws: EncodingFailure.self) { try writer.append(0x01, [UInt8](repeating: 0, count: 65_536)) }
    }

    @Test func tagTuples() throws {
        let bytes = try TagTuple.encode(["custom", "value1", "value2"])
        #expect(Hex.encode(bytes) == "06637573746f6d0676616c7565310676616c756532")  // tests/26 HTTP POST vector
        #expect(try TagTuple.decode(bytes[...]) == ["custom", "value1", "value2"])
        #expect(throws: EncodingFailure.self) { try TagTuple.decode([3, 0x61][...]) }
        #expect(throws: EncodingFailure.self) { try TagTuple.decode([][...]) }
    }
}
