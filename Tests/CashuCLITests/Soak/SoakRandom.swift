// Soak (issue 17): the soak's seeded randomness (SplitMix64), so a soak's choices can be replayed by seed.

import CashuTestSupport

/// One random stream of a soak: its seed mixed with a stream number, so the workers and the fault injectors draw
/// apart under one seed.
struct SoakRandom: RandomNumberGenerator, Sendable {
    private var generator: SplitMix64

    init(seed: UInt64, stream: UInt64) {
        generator = SplitMix64(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ stream &* 0xD1B5_4A32_D192_ED03)
    }

    mutating func next() -> UInt64 { generator.next() }

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
