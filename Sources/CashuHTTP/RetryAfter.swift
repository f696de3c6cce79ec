// Mint client: the HTTP `Retry-After` header (RFC 9110 §10.2.3) of a 429 or 503 answer.

import Foundation

/// Reads a `Retry-After` value: delay-seconds (`120`) or an HTTP-date (`Fri, 31 Dec 1999 23:59:59 GMT`).
enum RetryAfter {
    /// The longest wait taken from a header; a mint asking for more is waited for this long at a time.
    static let maximum = Duration.seconds(300)

    /// The wait the header asks for, capped at ``maximum``; `nil` when absent or unreadable. A date in the past is
    /// no wait.
    static func parse(_ value: String?, now: Date) -> Duration? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            guard text.utf8.count <= 9, let seconds = Int(text) else { return maximum }
            return min(.seconds(seconds), maximum)
        }
        guard let date = httpDate(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard seconds > 0 else { return .zero }
        guard seconds < Double(maximum.components.seconds) else { return maximum }
        return .milliseconds(Int64(seconds * 1000))
    }

    /// An IMF-fixdate (the only form a sender may produce), in GMT.
    private static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
