// NUT-17 — WebSockets: subscription ids, UUID v7 as the spec asks (time-ordered, random below the millisecond).

import Foundation

/// Makes NUT-17 `subId`s: RFC 9562 UUID version 7.
enum SubscriptionID {
    /// A fresh UUID v7 string, lowercase.
    static func make(now: Date = Date()) -> String {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255) }
        let milliseconds = UInt64(max(now.timeIntervalSince1970, 0) * 1000)
        for index in 0..<6 {
            bytes[index] = UInt8(truncatingIfNeeded: milliseconds >> (8 * (5 - index)))
        }
        bytes[6] = 0x70 | (bytes[6] & 0x0F)  // version 7
        bytes[8] = 0x80 | (bytes[8] & 0x3F)  // RFC 9562 variant
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return uuid.uuidString.lowercased()
    }
}
