// NIP-47 — budget periods: calendar-aligned in UTC (day, week from Monday, month, year), or all time.

import Testing

@testable import CashuNostr

@Suite("NIP-47 budget periods")
struct NWCBudgetRenewalTests {
    /// 2025-06-11 (Wednesday) 12:00:00 UTC.
    static let wednesdayNoon: Int64 = 1_749_643_200

    @Test("the periods containing a Wednesday noon")
    func periods() {
        let t = Self.wednesdayNoon
        #expect(
            NWCBudgetRenewal.daily.period(containing: t) == NWCBudgetPeriod(start: 1_749_600_000, end: 1_749_686_400))
        // Monday 2025-06-09 to Monday 2025-06-16.
        #expect(
            NWCBudgetRenewal.weekly.period(containing: t) == NWCBudgetPeriod(start: 1_749_427_200, end: 1_750_032_000))
        #expect(
            NWCBudgetRenewal.monthly.period(containing: t) == NWCBudgetPeriod(start: 1_748_736_000, end: 1_751_328_000))
        #expect(
            NWCBudgetRenewal.yearly.period(containing: t) == NWCBudgetPeriod(start: 1_735_689_600, end: 1_767_225_600))
        #expect(NWCBudgetRenewal.never.period(containing: t) == NWCBudgetPeriod(start: .min, end: nil))
        #expect(NWCBudgetRenewal.never.period(containing: t).contains(0))
    }

    @Test("edges: the first second is in, the end is not; December rolls into January; leap days; before 1970")
    func edges() {
        let day = NWCBudgetRenewal.daily.period(containing: 1_749_600_000)
        #expect(day.start == 1_749_600_000)
        #expect(day.contains(1_749_686_399))
        #expect(!day.contains(1_749_686_400))
        // December 2024 ends on 2025-01-01.
        #expect(NWCBudgetRenewal.monthly.period(containing: 1_733_011_200 + 86_400 * 30).end == 1_735_689_600)
        // February 2024 (leap) ends on March 1st.
        #expect(NWCBudgetRenewal.monthly.period(containing: 1_709_164_800).end == 1_709_251_200)
        // 1969-12-31 falls in the week from Monday 1969-12-29.
        #expect(NWCBudgetRenewal.weekly.period(containing: -1).start == -259_200)
        #expect(NWCBudgetRenewal.daily.period(containing: -1) == NWCBudgetPeriod(start: -86_400, end: 0))
        // A Monday is its own week's start; the Sunday before belongs to the week before.
        #expect(NWCBudgetRenewal.weekly.period(containing: 1_749_427_200).start == 1_749_427_200)
        #expect(NWCBudgetRenewal.weekly.period(containing: 1_749_427_199).start == 1_749_427_200 - 7 * 86_400)
    }

    @Test(
        "periods tile time: each contains its instant, starts at midnight, and ends where the next one starts",
        arguments: NWCBudgetRenewal.allCases.filter { $0 != .never })
    func tiling(_ renewal: NWCBudgetRenewal) throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let t = Int64.random(in: -2_000_000_000...4_200_000_000, using: &generator)
            let period = renewal.period(containing: t)
            let end = try #require(period.end)
            #expect(period.contains(t))
            #expect(period.start % 86_400 == 0)
            #expect(renewal.period(containing: end).start == end)
            #expect(renewal.period(containing: period.start - 1).end == period.start)
        }
    }
}
