// CLI: a duration argument — `90s`, `10m`, `2h`, `7d`, `2w` (locktimes, `cashu unlock --for`).

import Foundation

enum DurationArgument {
    static let units: [Character: UInt64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]

    /// The seconds `text` names, or `nil` when it is not a positive count with one of the units.
    static func seconds(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard let last = trimmed.last, let unit = units[last], let count = UInt64(trimmed.dropLast()), count > 0 else {
            return nil
        }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: unit)
        return overflow ? nil : seconds
    }
}
