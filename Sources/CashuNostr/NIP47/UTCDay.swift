// NIP-47 — Nostr Wallet Connect: calendar days in UTC, for budget periods (no time zone, no Foundation calendar).

/// A day of the proleptic Gregorian calendar, counted from 1970-01-01 (H. Hinnant's `days_from_civil`).
struct UTCDay: Hashable {
    /// Days since 1970-01-01 (negative before).
    let number: Int64

    init(number: Int64) { self.number = number }

    /// The day `time` falls on.
    init(containing time: Int64) {
        number = time >= 0 ? time / 86_400 : -((-(time + 1)) / 86_400) - 1
    }

    /// The day of a calendar date.
    init(year: Int64, month: Int64, day: Int64) {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        number = era * 146_097 + dayOfEra - 719_468
    }

    /// The day's calendar date.
    var civil: (year: Int64, month: Int64, day: Int64) {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days since the last Monday (0 on a Monday); 1970-01-01 was a Thursday.
    var daysSinceMonday: Int64 { ((number + 3) % 7 + 7) % 7 }

    /// The day's first second.
    var startTime: Int64 { number * 86_400 }

    func adding(days: Int64) -> UTCDay { UTCDay(number: number + days) }
}
