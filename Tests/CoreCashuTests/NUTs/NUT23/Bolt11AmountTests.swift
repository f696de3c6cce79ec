// Tests of NUTs/NUT23/Bolt11Amount.swift: amounts from BOLT #11 human-readable parts.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Bolt11Amount")
struct Bolt11AmountTests {
    @Test(arguments: [
        ("lnbc10u1p4sfprm9qypqqqdqqxqrrsss", 1_000_000 as UInt64?),  // 10 µBTC = 1000 sat (a FakeWallet invoice)
        ("lnbc2500u1pvjluezpp5qqqsyqcyq5rqwzqf", 250_000_000),  // BOLT #11 example: 2500 µBTC
        ("lnbc20m1pvjluezpp5qqqsyqcyq5rqwzqf", 2_000_000_000),
        ("LNBC1PVJLUEZPP5QQQSYQCYQ5RQWZQF", nil),  // no amount
        ("lightning:lnbc9678785340p1pwmna7l", 967_878_534),  // pico: 9678785340 p = 967878534 msat
        ("lntb1500n1pwhatever", 150_000),
        ("lnbcrt5m1p0", 500_000_000),
        ("lnbc1p1pwhatever", nil),  // 1 pico-bitcoin is not a whole tenth of a msat
        ("lnbc10x1pwhatever", nil),  // unknown multiplier
        ("cashuBxyz", nil),
        ("ln1", nil),
        ("lnbc99999999999999999999m1p", nil),  // overflow
    ] as [(String, UInt64?)])
    func parses(_ invoice: String, _ expected: UInt64?) {
        #expect(Bolt11Amount.millisatoshis(invoice) == expected)
    }

    @Test func satoshisRoundUp() {
        #expect(Bolt11Amount.satoshis("lnbc10u1p") == 1000)
        #expect(Bolt11Amount.satoshis("lnbc15n1p") == 2)  // 1500 msat
        #expect(Bolt11Amount.satoshis("lnbc1p") == nil)
    }
}
