// Test support — a tiny seeded generator so every fuzzing run (and every soak) feeds the same inputs.

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, seedable, good enough to drive a fuzzer or a soak deterministically.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
