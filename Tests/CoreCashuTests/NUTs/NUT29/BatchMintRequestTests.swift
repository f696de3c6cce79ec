// Tests for NUT-29 batch request validation and NUT-20 signatures over all outputs.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("BatchMintRequest")
struct BatchMintRequestTests {
    static let id = try! KeysetID(hex: "00456a94ab4e1c46")
    static let outputs = [
        BlindedMessage(
            amount: 4, id: id,
            B_: try! Point(hex: "0342e5bcc77f5b2a3c2afb40bb591a1e27da83cddc968abdc0ec4904201a201834")),
        BlindedMessage(
            amount: 1, id: id,
            B_: try! Point(hex: "032fd3c4dc49a2844a89998d5e9d5b0f0b00dde9310063acb8a92e2fdafa4126d4")),
    ]

    @Test func signsLockedQuotesAndValidates() throws {
        let key = Scalar.random()
        var request = BatchMintRequest(quotes: ["a", "b"], outputs: Self.outputs)
        try request.sign(keys: ["a": key])
        #expect(request.signatures?.count == 2 && request.signatures?[1] == nil)
        let known = [
            "a": BatchQuoteInfo(method: "bolt11", unit: .sat, amount: 3, pubkey: key.publicKey),
            "b": BatchQuoteInfo(method: "bolt11", unit: .sat, amount: 2),
        ]
        try request.validate(method: "bolt11", quotes: known)
        #expect(throws: BatchMintError.self) { try request.validate(method: "bolt12", quotes: known) }
        #expect(throws: BatchMintError.self) {
            try request.validate(method: "bolt11", quotes: known, settings: BatchMintSettings(maxBatchSize: 1))
        }
        var tampered = request
        tampered.outputs.reverse()
        #expect(throws: BatchMintError(.signatureMismatch, "signature 0 does not verify for its quote")) {
            try tampered.validate(method: "bolt11", quotes: known)
        }
        var unsigned = request
        unsigned.signatures = nil
        #expect(throws: BatchMintError.self) { try unsigned.validate(method: "bolt11", quotes: known) }
    }

    @Test func amountRules() throws {
        let known = ["a": BatchQuoteInfo(method: "bolt12", unit: .sat, amount: 10)]
        // bolt12 may mint less than available, never more.
        try BatchMintRequest(quotes: ["a"], quoteAmounts: [5], outputs: Self.outputs)
            .validate(method: "bolt12", quotes: known)
        #expect(throws: BatchMintError.self) {
            try BatchMintRequest(quotes: ["a"], quoteAmounts: [4], outputs: Self.outputs)
                .validate(method: "bolt12", quotes: known)
        }
        #expect(throws: BatchMintError.self) { _ = try BatchCheckRequest(quotes: ["x", "x"]) }
        #expect(BatchMintError.Code.duplicateQuotes.mintErrorCode == 11016)
    }
}
