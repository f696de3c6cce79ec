// Vectors/nut29.json — one parameterised test over every case of the file.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut29 vectors")
struct NUT29VectorTests {
    static let file = VectorFile.load("nut29")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "batch_mint", "batch_check":
            try checkRules(c)
        case "batch_mint_nut20":
            try checkSignature(c)
        default:
            throw c.fail("unknown group \(c.group)")
        }
    }

    /// Runs the wallet-side NUT-29 rules over the vector's request (placeholders stand for outputs).
    static func checkRules(_ c: VectorCase) throws {
        let request = c.input["request"]
        var quotes = request["quotes"].arrayValue?.compactMap(\.stringValue)
        if quotes == nil, let raw = request["_raw_text"].stringValue {
            // The spec elides this body ("..."): read the quoted ids of its `quotes` array.
            let list = raw.split(separator: "[").dropFirst().first?.split(separator: "]").first ?? ""
            quotes = list.split(separator: ",").map { $0.trimmingCharacters(in: .init(charactersIn: " \"\n")) }
        }
        guard let quotes else { throw c.fail("request has no quotes") }
        let amounts = request["quote_amounts"].arrayValue?.compactMap(\.uint64Value)
        let outputs = request["outputs"].arrayValue?.compactMap { $0["amount"].uint64Value } ?? []
        let signatures = request["signatures"].arrayValue
        let methods = c.input["quote_methods"].arrayValue?.compactMap(\.stringValue)
        let path = c.input["path"].stringValue ?? "POST /v1/mint/bolt11/batch"
        let method = path.contains("/bolt12/") ? "bolt12" : "bolt11"
        // The wallet knows the quotes it created: every id except those the vector calls unknown or bogus.
        var known: [String: BatchQuoteInfo] = [:]
        for (i, quote) in quotes.enumerated() where !quote.contains("unknown") && !quote.contains("bogus") {
            let share = amounts.map { $0[i] } ?? (quotes.count == 1 ? outputs.reduce(0, +) : 1)
            known[quote] = BatchQuoteInfo(method: methods?[i] ?? method, unit: .sat, amount: share)
        }
        let run = {
            if c.group == "batch_check" { _ = try BatchCheckRequest(quotes: quotes) }
            try BatchMintRules.validate(
                method: method, quotes: quotes, quoteAmounts: amounts, outputAmounts: outputs,
                signatureCount: signatures?.count, signaturePresent: signatures?.map { !$0.isNull }, known: known,
                maxBatchSize: nil)
        }
        if c.valid {
            try run()
            return
        }
        let expectedCode: BatchMintError.Code
        switch c.id {
        case "check/unknown_quote", "batch_mint/atomic_failure_unknown_quote": expectedCode = .unknownQuote
        case "batch_mint/empty_quotes": expectedCode = .emptyBatch
        case "batch_mint/duplicate_quotes": expectedCode = .duplicateQuotes
        case "batch_mint/mixed_payment_methods": expectedCode = .methodMismatch
        case "batch_mint/signature_length_mismatch": expectedCode = .lengthMismatch
        default: throw c.fail("no expected error for \(c.id)")
        }
        try c.expectError(BatchMintError.self, "batch rules", matching: { $0.code == expectedCode }) { try run() }
        if let code = c.expected["error_code"].int64Value {
            try c.expectEqual(expectedCode.mintErrorCode, Int(code), "mint error code")
        }
    }

    /// ERRATUM (nut29.json `errata`): the published msg_hash/signature were not recomputed when the quote id changed.
    /// We test the corrected values in `derived` (NUT-20 hex-string message) and that the published signature fails.
    /// The vector predates nuts#375: its message is NUT-20's legacy one (the hardened message has its own cases in
    /// nut20.json; a batch signs it the same way, over all of the batch's outputs).
    static func checkSignature(_ c: VectorCase) throws {
        let legacy = MintQuoteSignature.Scheme.legacy
        let request = try JSONDecoder().decode(BatchMintRequest.self, from: c.input["request"].jsonData)
        let quote = try c.string(c.input["quote"], "quote")
        let pubkey = try Point(hex: try c.string(c.input["pubkey"], "pubkey"))
        let message = request.signatureMessage(for: quote, scheme: legacy)
        try c.expectEqual(
            String(decoding: message, as: UTF8.self), try c.string(c.derived["msg_to_sign_utf8_per_NUT20"], "msg"),
            "message")
        try c.expectEqual(
            Hex.encode(MintQuoteSignature.digest(quote: quote, outputs: request.outputs, scheme: legacy)),
            try c.string(c.derived["msg_sha256_per_NUT20"], "msg hash"), "message hash")
        let key = try Scalar(hex: String(repeating: "0", count: 63) + "1")
        try c.expectEqual(key.publicKey, pubkey, "vector pubkey is 1·G")
        let corrected = try c.string(c.derived["valid_bip340_signature_sk1_aux0_for_this_quote"], "signature")
        let signed = try MintQuoteSignature.sign(
            quote: quote, outputs: request.outputs, key: key, scheme: legacy,
            auxiliaryRandomness: [UInt8](repeating: 0, count: 32))
        try c.expectEqual(signed, corrected, "signature with sk=1, aux=0")
        try MintQuoteSignature.verify(
            signature: corrected, quote: quote, outputs: request.outputs, pubkey: pubkey, scheme: legacy)
        var fixed = request
        fixed.signatures = [corrected]
        try fixed.validate(
            method: "bolt11", quotes: [quote: BatchQuoteInfo(method: "bolt11", unit: .sat, amount: 2, pubkey: pubkey)],
            scheme: legacy)
        let published = try c.string(c.expected["signature"], "published signature")
        try c.expectTrue(
            !MintQuoteSignature.isValid(
                signature: published, quote: quote, outputs: request.outputs, pubkey: pubkey, scheme: legacy),
            "published signature unexpectedly verifies; the erratum may be fixed upstream")
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
