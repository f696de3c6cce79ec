// Tests for NUT-02 input fees: rounding of the sum, per-input keyset lookup, overflow.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("InputFees")
struct InputFeesTests {
    static let point = try! Point(hex: "02648eccfa4c026960966276fa5a4cae46ce0fd432211a4f449bf84f13aa5f8303")

    static func proof(_ id: String) throws -> Proof {
        Proof(amount: 1, id: try KeysetID(hex: id), secret: "s", C: point)
    }

    @Test func roundsTheSumNotEachInput() throws {
        #expect(try InputFees.fee(ppkPerInput: []) == 0)
        #expect(try InputFees.fee(ppkPerInput: [0, 0]) == 0)
        #expect(try InputFees.fee(ppkPerInput: [1]) == 1)
        #expect(try InputFees.fee(ppkPerInput: [1000]) == 1)
        #expect(try InputFees.fee(ppkPerInput: [1001]) == 2)
        #expect(try InputFees.fee(ppkPerInput: [500, 500, 1]) == 2)
        #expect(try InputFees.fee(ppkPerInput: [.max]) == UInt64.max / 1000 + 1)
    }

    @Test func overflowIsATypedError() {
        #expect(throws: KeysetError.self) { _ = try InputFees.fee(ppkPerInput: [.max, 1]) }
    }

    @Test func looksUpEachInputsKeyset() throws {
        let a = "00456a94ab4e1c46"
        let b = "015ba18a8adcd02e715a58358eb618da4a4b3791151a4bee5e968bb88406ccf76a"
        let table = [try KeysetID(hex: a): UInt64(100), try KeysetID(hex: b): UInt64(950)]
        let inputs = [try Self.proof(a), try Self.proof(b), try Self.proof("015ba18a8adcd02e")]
        // 100 + 950 + 950 (short id resolved) = 2000 → 2
        #expect(try InputFees.fee(for: inputs, feePPK: table) == 2)
        #expect(throws: KeysetError.self) {
            _ = try InputFees.fee(for: [try Self.proof("00ffffffffffffff")], feePPK: table)
        }
    }
}
