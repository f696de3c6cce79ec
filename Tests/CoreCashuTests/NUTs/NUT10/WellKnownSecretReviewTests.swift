// Review tests for NUT-10/NUT-11/NUT-14 — hostile JSON in secrets and witnesses must fail with a typed error,
// not crash.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-10 review: hostile secrets and witnesses")
struct WellKnownSecretReviewTests {
    static let depth = 100_000

    @Test func deeplyNestedSecretIsATypedError() {
        let secret = String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth)
        #expect(throws: SpendingConditionError.self) { try WellKnownSecret.parse(secret) }
    }

    @Test func deeplyNestedTagIsATypedError() {
        let nested = String(repeating: "[", count: Self.depth) + String(repeating: "]", count: Self.depth)
        let secret = #"["P2PK",{"nonce":"00","data":"00","tags":"# + nested + "}]"
        #expect(throws: SpendingConditionError.self) { try WellKnownSecret.parse(secret) }
    }

    @Test func deeplyNestedWitnessIsATypedError() {
        let nested = String(repeating: "{\"a\":", count: Self.depth) + "1" + String(repeating: "}", count: Self.depth)
        #expect(throws: SpendingConditionError.self) { try P2PKWitness(parsing: nested) }
        #expect(throws: SpendingConditionError.self) { try HTLCWitness(parsing: nested) }
    }
}
