// NIP-01 — event timestamps: seconds since the Unix epoch.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock events are stamped with.
public enum NostrClock {
    /// Now, in whole seconds since the Unix epoch.
    public static func now() -> Int64 { Int64(time(nil)) }
}
