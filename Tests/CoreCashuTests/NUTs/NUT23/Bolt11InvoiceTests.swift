// Tests of NUTs/NUT23/Bolt11Invoice.swift: fields read, BOLT #11's skipping rules, and hostile input (the spec's own
// examples are in Vectors/bolt11.json).

import CashuTestSupport
import Crypto
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Bolt11Invoice")
struct Bolt11InvoiceTests {
    typealias Field = Bolt11TestInvoice.Field

    static let hash = [UInt8](0..<32)
    /// BOLT #11 "Please send $3 for a cup of coffee to the same peer, within one minute".
    static let spec =
        "lnbc2500u1pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygspp5qqqsyqcyq5rqwzqfqqqsyqcyq"
        + "5rqwzqfqqqsyqcyq5rqwzqfqypqdq5xysxxatsyp3k7enxv4jsxqzpu9qrsgquk0rl77nj30yxdy8j9vdx85fkpmdla2087ne0xh"
        + "8nhedh8w27kyke0lp53ut353s06fv3qfegext0eh0ymjpf39tuven09sam30g4vgpfna3rh"

    static func code(_ body: () throws -> Void) -> EncodingFailure.Code? {
        do {
            try body()
            return nil
        } catch let error as EncodingFailure {
            return error.code
        } catch {
            return EncodingFailure.Code(rawValue: "unexpected \(error)")
        }
    }

    @Test func readsTheFieldsItWasGiven() throws {
        let invoice = try Bolt11TestInvoice.make(
            hrp: "lntbs15n", timestamp: 1_234_567,
            fields: [.description("x"), .paymentHash(Self.hash), .expiry(86_400), .descriptionHash(Self.hash)])
        let decoded = try Bolt11Invoice(invoice)
        #expect(decoded.currency == "tbs")
        #expect(decoded.amountMillisatoshis == 1500)
        #expect(decoded.timestamp == 1_234_567)
        #expect(decoded.paymentHash == Self.hash)
        #expect(decoded.expiry == 86_400)
        #expect(decoded.expiresAt == 1_234_567 + 86_400)
        #expect(decoded.hasDescriptionHash)
    }

    @Test func acceptsAURIPrefixWhiteSpaceAndUpperCase() throws {
        let expected = try Bolt11Invoice(Self.spec)
        #expect(try Bolt11Invoice("lightning:" + Self.spec) == expected)
        #expect(try Bolt11Invoice("LIGHTNING:" + Self.spec.uppercased()) == expected)
        #expect(try Bolt11Invoice("  \(Self.spec)\n") == expected)
        #expect(expected.expiry == 60 && expected.amountMillisatoshis == 250_000_000)
    }

    @Test func theFirstPaymentHashOfTheRightLengthCounts() throws {
        let other = [UInt8](repeating: 7, count: 32)
        let short = Field(tag: 1, groups: [UInt8](repeating: 3, count: 51))
        let long = Field(tag: 1, groups: [UInt8](repeating: 3, count: 53))
        let invoice = try Bolt11TestInvoice.make(fields: [short, long, .paymentHash(Self.hash), .paymentHash(other)])
        #expect(try Bolt11Invoice(invoice).paymentHash == Self.hash)
    }

    @Test func onlyPaymentHashesOfTheWrongLengthMeanNone() throws {
        let invoice = try Bolt11TestInvoice.make(fields: [
            Field(tag: 1, groups: [UInt8](repeating: 0, count: 51)), Field(tag: 1, groups: []), .description("x"),
        ])
        #expect(Self.code { _ = try Bolt11Invoice(invoice) } == .missingField)
        #expect(Self.code { _ = try Bolt11Invoice(try Bolt11TestInvoice.make(fields: [])) } == .missingField)
    }

    @Test func aDescriptionHashOfTheWrongLengthIsSkipped() throws {
        let invoice = try Bolt11TestInvoice.make(fields: [
            .paymentHash(Self.hash), Field(tag: 23, groups: [UInt8](repeating: 1, count: 51)),
        ])
        #expect(try Bolt11Invoice(invoice).hasDescriptionHash == false)
    }

    @Test func unknownTagsAreSkipped() throws {
        let invoice = try Bolt11TestInvoice.make(fields: [
            Field(tag: 0, groups: [1, 2, 3]), Field(tag: 31, groups: [UInt8](repeating: 31, count: 1023)),
            .paymentHash(Self.hash), Field(tag: 2, groups: []),
        ])
        let decoded = try Bolt11Invoice(invoice)
        #expect(decoded.paymentHash == Self.hash)
        #expect(decoded.expiry == Bolt11Invoice.defaultExpiry)
    }

    @Test func badChecksumsAreRejected() throws {
        var chars = Array(Self.spec)
        chars[40] = chars[40] == "q" ? "p" : "q"
        #expect(Self.code { _ = try Bolt11Invoice(String(chars)) } == .bech32Checksum)
        let bech32m = try Bolt11TestInvoice.make(fields: [.paymentHash(Self.hash)], variant: .bech32m)
        #expect(Self.code { _ = try Bolt11Invoice(bech32m) } == .bech32Checksum)
    }

    @Test func everyTruncationIsRejected() {
        // Cut anywhere, the string loses its checksum (or, cut to a prefix, its separator): never a crash, never a
        // decoded invoice.
        for length in 0..<Self.spec.count {
            #expect(throws: EncodingFailure.self) { _ = try Bolt11Invoice(String(Self.spec.prefix(length))) }
        }
    }

    @Test func dataTooShortOrFieldsRunningIntoTheSignatureAreTruncated() throws {
        let noSignature = try Bolt11TestInvoice.make(fields: [.paymentHash(Self.hash)], signatureGroups: 0)
        #expect(Self.code { _ = try Bolt11Invoice(noSignature) } == .truncated)
        // A field whose data_length claims more than is left: it would eat into the signature.
        let timestamp = Bolt11TestInvoice.groups(1, count: 7)
        let signature = [UInt8](repeating: 0, count: 104)
        let overlong = try Bech32.encode(hrp: "lnbc", data: timestamp + [1, 1, 20] + signature, variant: .bech32)
        #expect(Self.code { _ = try Bolt11Invoice(overlong) } == .truncated)
        // A header cut short: one group left before the signature.
        let cutHeader = try Bech32.encode(hrp: "lnbc", data: timestamp + [1] + signature, variant: .bech32)
        #expect(Self.code { _ = try Bolt11Invoice(cutHeader) } == .truncated)
    }

    @Test(arguments: [
        ("ln", EncodingFailure.Code.invalidPrefix.rawValue),  // no currency
        ("bc10n", EncodingFailure.Code.invalidPrefix.rawValue),
        ("cashu", EncodingFailure.Code.invalidPrefix.rawValue),
        ("ln-bc", EncodingFailure.Code.invalidPrefix.rawValue),
        ("lnbc10x", EncodingFailure.Code.invalidField.rawValue),
        ("lnbc0n", EncodingFailure.Code.invalidField.rawValue),
        ("lnbc1p", EncodingFailure.Code.invalidField.rawValue),
        ("lnbc1m0", EncodingFailure.Code.invalidField.rawValue),
        ("lnbc99999999999999999999", EncodingFailure.Code.amountOverflow.rawValue),  // past UInt64
        ("lnbc\(String(repeating: "1", count: 40))n", EncodingFailure.Code.amountOverflow.rawValue),
        ("lnbc00n", EncodingFailure.Code.invalidField.rawValue),
        ("lnbc010n", EncodingFailure.Code.invalidField.rawValue),  // a leading zero
        ("lnbc\(String(repeating: "0", count: 20))1n", EncodingFailure.Code.invalidField.rawValue),
        ("lnbc999999999999", EncodingFailure.Code.amountOverflow.rawValue),
    ])
    func badHumanReadablePartsAreRejected(_ hrp: String, _ code: String) throws {
        let invoice = try Bolt11TestInvoice.make(hrp: hrp, fields: [.paymentHash(Self.hash)])
        #expect(Self.code { _ = try Bolt11Invoice(invoice) }?.rawValue == code)
    }

    @Test func anExpiryBeyondSixtyFourBitsIsRejected() throws {
        let invoice = try Bolt11TestInvoice.make(fields: [
            .paymentHash(Self.hash), Field(tag: 6, groups: [UInt8](repeating: 31, count: 13)),
        ])
        #expect(Self.code { _ = try Bolt11Invoice(invoice) } == .invalidField)
        let largest = try Bolt11TestInvoice.make(fields: [.paymentHash(Self.hash), .expiry(UInt64.max)])
        #expect(try Bolt11Invoice(largest).expiresAt == UInt64.max)
    }

    @Test func garbageIsRejectedWithoutACrash() throws {
        var rng = SplitMix64(seed: 0xb017_11)
        let alphabet = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l1LNBCln ")
        for _ in 0..<500 {
            let count = Int(rng.next() % 400)
            let text = String((0..<count).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            #expect(throws: EncodingFailure.self) { _ = try Bolt11Invoice("ln" + text) }
        }
        // Valid checksums around random data: decoded or refused with a typed error, nothing else.
        for _ in 0..<500 {
            let count = Int(rng.next() % 300)
            let data = (0..<count).map { _ in UInt8(rng.next() % 32) }
            let invoice = try Bech32.encode(hrp: "lnbc10n", data: data, variant: .bech32)
            do { _ = try Bolt11Invoice(invoice) } catch {}
        }
        for text in ["", "1", "ln1", "lnbc1", String(repeating: "q", count: 20_000), "lnbc1\u{0}qqqqqq", "lnbc1ünï"] {
            #expect(throws: EncodingFailure.self) { _ = try Bolt11Invoice(text) }
        }
    }
}
