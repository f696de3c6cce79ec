// NIP-01 — event timestamps: seconds since the Unix epoch.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock events are stamped with.
package enum NostrClock {
    /// Now, in whole seconds since the Unix epoch.
    package static func now() -> Int64 { Int64(time(nil)) }
}
