// Tests for NUT-15 — the MPP melt-quote option and the mint-info setting, from 15.md's examples.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-15 Multipath payments")
struct MultipathPaymentTests {
    typealias F = WireFixtures

    // 15.md "Melt quote": the `options` object, with a concrete amount for `<int>`.
    static let specOption = #"{"mpp": {"amount": 50000}}"#
    // 15.md "Example MultipathPaymentSetting": the value of key "15".
    static let specSettings = """
        {
          "methods": [
            {"method": "bolt11", "unit": "sat"},
            {"method": "bolt11", "unit": "usd"}
          ]
        }
        """

    @Test func optionRoundTrips() throws {
        let option = try F.roundTrip(MultipathPaymentOption.self, Self.specOption)
        #expect(option.amountMsat == 50_000)
        #expect(try F.json(MultipathPaymentOption(amountSat: 50)) == F.json(option))
    }

    @Test func satToMsatOverflowIsTyped() {
        do throws(EncodingFailure) {
            _ = try MultipathPaymentOption(amountSat: UInt64.max / 1000 + 1)
            Issue.record("expected an overflow")
        } catch {
            #expect(error.code == .amountOverflow)
        }
        #expect((try? MultipathPaymentOption(amountSat: UInt64.max / 1000))?.amountMsat == UInt64.max / 1000 * 1000)
    }

    @Test func zeroAmountIsRejected() {
        #expect(throws: EncodingFailure.self) { try MultipathPaymentOption(amountMsat: 0) }
        #expect(throws: EncodingFailure.self) { try F.decode(MultipathPaymentOption.self, #"{"mpp": {"amount": 0}}"#) }
    }

    @Test(arguments: [
        #"{"mpp": {"amount": "50000"}}"#,
        #"{"mpp": {"amount": -1}}"#,
        #"{"mpp": {"amount": 1.5}}"#,
        #"{"mpp": 50000}"#,
        #"{"amount": 50000}"#,
    ])
    func badOptionIsATypedError(_ json: String) {
        #expect(F.failsToDecode(MultipathPaymentOption.self, json))
    }

    @Test func settingsRoundTripAndLookup() throws {
        let settings = try F.roundTrip(MultipathPaymentSettings.self, Self.specSettings)
        #expect(settings.supports(method: "bolt11", unit: "sat"))
        #expect(settings.supports(method: "bolt11", unit: "usd"))
        #expect(!settings.supports(method: "bolt12", unit: "sat"))
        #expect(!settings.supports(method: "bolt11", unit: "eur"))
        #expect(!MultipathPaymentSettings(methods: []).supports(method: "bolt11", unit: "sat"))
    }

    @Test func badSettingsAreATypedError() {
        #expect(F.failsToDecode(MultipathPaymentSettings.self, #"{"methods": [{"method": "bolt11"}]}"#))
        #expect(F.failsToDecode(MultipathPaymentSettings.self, #"[{"method": "bolt11", "unit": "sat"}]"#))
    }
}
