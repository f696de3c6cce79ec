// NUT-16 — xoshiro256**, the generator UR's fountain codes draw from, seeded with SHA-256 of a seed (BCR-2020-005).

import Crypto

/// xoshiro256** (Blackman and Vigna) seeded as UR seeds it: the state is SHA-256 of the seed bytes, read as four
/// big-endian 64-bit words. Deterministic: encoder and decoder derive the same fragment choices from it.
struct Xoshiro256: Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator seeded with SHA-256 of `seed`.
    init(seed: [UInt8]) {
        let digest = Array(SHA256.hash(data: seed))
        func word(_ index: Int) -> UInt64 {
            digest[(index * 8)..<(index * 8 + 8)].reduce(0) { ($0 << 8) | UInt64($1) }
        }
        state = (word(0), word(1), word(2), word(3))
    }

    /// The next 64 bits.
    mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
    }

    /// A double in [0, 1): the next value divided by 2^64.
    mutating func nextDouble() -> Double {
        Double(next()) / 18_446_744_073_709_551_616.0
    }

    /// An integer in `low...high`.
    mutating func nextInt(_ low: Int, _ high: Int) -> Int {
        // `Double(next())` rounds the top values up to 2^64, so the product can reach `high - low + 1`.
        min(Int(nextDouble() * Double(high - low + 1)) + low, high)
    }

    private func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
