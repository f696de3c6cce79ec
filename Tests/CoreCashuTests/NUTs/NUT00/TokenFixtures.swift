// Test fixtures for the NUT-00 token tests: proofs built from the NUT-00 vector values.

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

enum TokenFixtures {
    static let idV1 = try! KeysetID(hex: "00ad268c4d1f5826")
    static let idV1b = try! KeysetID(hex: "00ffd48b8f5ecf80")
    static let points = [
        "038618543ffb6b8695df4ad4babcde92a34a96bdcd97dcee0d7ccf98d472126792",
        "0244538319de485d55bed3b29a642bee5879375ab9e7a620e11e48ba482421f3cf",
        "023456aa110d84b4ac747aebd82c3b005aca50bf457ebd5737a4414fac3ae7d94d",
        "0273129c5719e599379a974a626363c333c56cafc0e6d01abe46d5808280789c63",
    ].map { try! Point(hex: $0) }

    static func secret(_ n: Int) -> String {
        let hex = Hex.encode((0..<32).map { UInt8(truncatingIfNeeded: n &* 31 &+ $0) })
        return hex
    }

    static func proof(_ amount: UInt64, id: KeysetID = idV1, n: Int = 0) -> Proof {
        Proof(amount: amount, id: id, secret: secret(n), C: points[n % points.count])
    }

    /// A proof with every optional field set.
    static func fullProof() throws -> Proof {
        Proof(
            amount: 64, id: idV1, secret: #"["P2PK",{"nonce":"00","data":"02aa"}]"#, C: points[1],
            dleq: ProofDLEQ(
                e: try Scalar(hex: String(repeating: "0a", count: 32)),
                s: try Scalar(hex: String(repeating: "0b", count: 32)),
                r: try Scalar(hex: String(repeating: "0c", count: 32))),
            witness: #"{"signatures":["abc"]}"#, p2pkE: points[2])
    }

    /// A V4 token of `count` proofs over two keysets.
    static func largeToken(_ count: Int) -> Token {
        let proofs = (0..<count).map { i in proof(UInt64(1) << UInt64(i % 20), id: i % 3 == 0 ? idV1b : idV1, n: i) }
        return Token(mint: "https://mint.example", unit: "sat", memo: "bulk", proofs: proofs)
    }
}
