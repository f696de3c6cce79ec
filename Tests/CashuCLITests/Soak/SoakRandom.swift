// Soak (issue 17): a seeded random number generator (SplitMix64), so a soak's choices can be replayed by seed.

/// SplitMix64: small, fast and good enough to pick operations, amounts, kills and faults.
struct SoakRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator for one stream (`stream` keeps the workers and the fault injector apart under one seed).
    init(seed: UInt64, stream: UInt64) {
        state = seed &* 0x9E37_79B9_7F4A_7C15 &+ stream &* 0xD1B5_4A32_D192_ED03
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// One of `choices`, each as likely as its weight.
    mutating func weighted<T>(_ choices: [(T, Int)]) -> T {
        var roll = Int.random(in: 0..<choices.reduce(0) { $0 + $1.1 }, using: &self)
        for (choice, weight) in choices {
            if roll < weight { return choice }
            roll -= weight
        }
        return choices[choices.count - 1].0
    }
}
