// Tests of BIP-353 resolution without a network: addresses, the DNS query and answer bytes (compression, several
// strings per record, hostile answers), the rules on records, and BIP-321 URIs.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
import CoreCashu

@Suite("BIP-353 payment instructions")
struct BIP353Tests {
    /// An answer to query `id` for `name` with TXT records, each split in strings of at most 255 bytes, owner names
    /// compressed to the question's.
    static func answer(id: UInt16, name: String, records: [String], flags: UInt8 = 0x80, code: UInt8 = 0)
        throws -> [UInt8]
    {
        var query = try DNSMessage.query(name: name, id: id)
        query.removeLast(11)  // the OPT record
        var bytes = Array(query.prefix(12))
        bytes[2] = flags | 0x01
        bytes[3] = code | 0x20
        bytes[6] = 0
        bytes[7] = UInt8(records.count)
        bytes[10] = 0
        bytes[11] = 0
        bytes += query.dropFirst(12)
        for record in records {
            var data: [UInt8] = []
            var rest = Array(record.utf8)
            repeat {
                let chunk = Array(rest.prefix(255))
                rest.removeFirst(chunk.count)
                data += [UInt8(chunk.count)] + chunk
            } while !rest.isEmpty
            bytes += [0xC0, 0x0C, 0, 16, 0, 1, 0, 0, 1, 0, UInt8(data.count >> 8), UInt8(data.count & 0xFF)] + data
        }
        return bytes
    }

    @Test("addresses: ₿ optional, lower-cased, DNS labels only")
    func addresses() throws {
        let address = try BIP353Address("₿Alice@Example.COM.")
        #expect(address.recordName == "alice.user._bitcoin-payment.example.com")
        #expect(try BIP353Address("bob@pay.example").user == "bob")
        for bad in ["₿alice", "₿@example.com", "₿al ice@example.com", "₿alice@localhost", "₿a@b@c.d", "₿é@x.y"] {
            #expect(throws: PaymentInstructionError.self, "\(bad)") { try BIP353Address(bad) }
        }
    }

    @Test("the query asks for TXT with AD set and EDNS0; a long record in several strings reads back whole")
    func queryAndAnswer() throws {
        let query = try DNSMessage.query(name: "bob.user._bitcoin-payment.example.com", id: 0xBEEF)
        #expect(Array(query.prefix(4)) == [0xBE, 0xEF, 0x01, 0x20])
        #expect(Array(query.suffix(11).prefix(3)) == [0, 0, 41])
        let long = "bitcoin:?creq=" + String(repeating: "A", count: 600)
        let bytes = try Self.answer(id: 0xBEEF, name: "bob.user._bitcoin-payment.example.com", records: [long])
        let answer = try DNSMessage.answer(bytes, id: 0xBEEF)
        #expect(answer.authenticated && !answer.truncated && answer.responseCode == 0)
        #expect(answer.texts == [Array(long.utf8)])
        #expect(throws: PaymentInstructionError.self) { try DNSMessage.answer(bytes, id: 0xBEEE) }
    }

    @Test("one bitcoin: record is read; none, several, NXDOMAIN and an unvalidated answer are refused")
    func records() throws {
        func read(_ records: [String], code: UInt8 = 0, validated: Bool = true) throws -> BitcoinPaymentURI {
            var answer = try DNSMessage.answer(
                try Self.answer(id: 1, name: "a.user._bitcoin-payment.b.c", records: records, code: code), id: 1)
            answer.authenticated = validated
            return try PaymentInstructions.read(answer, requireValidation: true)
        }
        let uri = try read(["v=spf1 -all", "BITCOIN:?CREQ=CREQB1ABC&lno=lno1xyz&lightning=lnbc1"])
        #expect(uri.paymentRequest == "CREQB1ABC" && uri.offer == "lno1xyz" && uri.invoice == "lnbc1")
        let refusals: [(() throws -> BitcoinPaymentURI, PaymentInstructionError.Code)] = [
            ({ try read(["v=spf1"]) }, .notFound), ({ try read([], code: 3) }, .notFound),
            ({ try read(["bitcoin:?lno=a", "bitcoin:?lno=b"]) }, .ambiguous),
            ({ try read(["bitcoin:?lno=a"], validated: false) }, .notValidated),
            ({ try read(["bitcoin:?req-pop=x&lno=a"]) }, .invalidAnswer),
        ]
        for (body, code) in refusals {
            do {
                _ = try body()
                Issue.record("accepted; expected \(code)")
            } catch let error as PaymentInstructionError {
                #expect(error.code == code)
            }
        }
    }

    @Test("random and mutated answers parse or throw, never crash")
    func hostileAnswers() throws {
        var generator = SplitMix64(seed: 353)
        let valid = try Self.answer(id: 7, name: "a.user._bitcoin-payment.b.c", records: ["bitcoin:?lno=x", "y"])
        for round in 0..<5000 {
            var bytes = round % 2 == 0 ? valid : (0..<Int.random(in: 0..<80, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            if round % 2 == 0 {
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let index = Int.random(in: 0..<bytes.count, using: &generator)
                    bytes[index] = UInt8.random(in: 0...255, using: &generator)
                }
                if round % 4 == 0 { bytes.removeLast(Int.random(in: 0..<bytes.count, using: &generator)) }
            }
            _ = try? DNSMessage.answer(bytes, id: 7)
        }
    }
}
