// NIP-47 — msats on the wire, whole sats in the wallet.

import Testing

@testable import CashuNostr

@Suite("NIP-47 amounts")
struct NWCAmountTests {
    @Test("whole sats only when the msats divide by 1000")
    func wholeSats() {
        #expect(NWCAmount.wholeSats(0) == 0)
        #expect(NWCAmount.wholeSats(21_000) == 21)
        #expect(NWCAmount.wholeSats(21_001) == nil)
        #expect(NWCAmount.wholeSats(999) == nil)
    }

    @Test("a budget charges any part of a sat as a whole one")
    func roundingUp() {
        #expect(NWCAmount.satsRoundingUp(0) == 0)
        #expect(NWCAmount.satsRoundingUp(1) == 1)
        #expect(NWCAmount.satsRoundingUp(1_000) == 1)
        #expect(NWCAmount.satsRoundingUp(1_001) == 2)
        #expect(NWCAmount.satsRoundingUp(UInt64.max) == UInt64.max / 1000 + 1)
    }

    @Test("sats to msats, exact or saturating")
    func toMsat() {
        #expect(NWCAmount.msat(21) == 21_000)
        #expect(NWCAmount.msat(.max) == nil)
        #expect(NWCAmount.msatSaturating(.max) == .max)
    }
}
