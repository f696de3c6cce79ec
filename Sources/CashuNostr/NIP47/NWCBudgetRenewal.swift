// NIP-47 — Nostr Wallet Connect: how often a connection's budget renews (as `get_budget` and Alby Hub define it).

/// The period a budget applies to. Periods are calendar-aligned in UTC, as Alby Hub aligns its
/// `budget_renewal`: a day from 00:00, a week from Monday 00:00, a month from the 1st, a year from January 1st.
/// A budget that never renews applies to all time.
public enum NWCBudgetRenewal: String, Sendable, Hashable, Codable, CaseIterable {
    /// From 00:00 UTC each day.
    case daily
    /// From Monday 00:00 UTC each week.
    case weekly
    /// From the 1st, 00:00 UTC, each month.
    case monthly
    /// From January 1st, 00:00 UTC, each year.
    case yearly
    /// Never: the budget is for the connection's whole life.
    case never

    /// The period containing `time` (seconds since the epoch).
    package func period(containing time: Int64) -> NWCBudgetPeriod {
        let day = UTCDay(containing: time)
        switch self {
        case .daily:
            return NWCBudgetPeriod(start: day.startTime, end: day.adding(days: 1).startTime)
        case .weekly:
            let monday = day.adding(days: -day.daysSinceMonday)
            return NWCBudgetPeriod(start: monday.startTime, end: monday.adding(days: 7).startTime)
        case .monthly:
            let (year, month, _) = day.civil
            let next =
                month == 12 ? UTCDay(year: year + 1, month: 1, day: 1) : UTCDay(year: year, month: month + 1, day: 1)
            return NWCBudgetPeriod(start: UTCDay(year: year, month: month, day: 1).startTime, end: next.startTime)
        case .yearly:
            let year = day.civil.year
            return NWCBudgetPeriod(
                start: UTCDay(year: year, month: 1, day: 1).startTime,
                end: UTCDay(year: year + 1, month: 1, day: 1).startTime)
        case .never:
            return NWCBudgetPeriod(start: .min, end: nil)
        }
    }
}
