// NUT-16 — which fragments a fountain-coded UR part mixes (BCR-2020-005): the first `seqLen` parts carry one fragment
// each in order; every later part XORs a random set, its size drawn with weights 1/1, 1/2, … 1/seqLen.

/// The fragment choices both ends of a UR fountain code derive from a part's sequence number and the message checksum.
enum FountainFragments {
    /// The fragment length for a message: the smallest number of equal fragments (each at least
    /// `minimum` bytes) that fit in `maximum` bytes each.
    static func nominalLength(messageLength: Int, minimum: Int, maximum: Int) -> Int {
        let most = max(1, messageLength / max(1, minimum))
        var length = messageLength
        for count in 1...most {
            length = (messageLength + count - 1) / count
            if length <= maximum { break }
        }
        return max(1, length)
    }

    /// The indexes of the fragments part `seqNum` of `seqLen` mixes (0-based).
    /// - Parameter sampler: the degree sampler for `seqLen` (built when not given).
    static func choose(seqNum: UInt32, seqLen: Int, checksum: UInt32, sampler: DegreeSampler? = nil) -> Set<Int> {
        if Int(seqNum) <= seqLen { return [Int(seqNum) - 1] }
        var rng = Xoshiro256(seed: CRC32.bytes(seqNum) + CRC32.bytes(checksum))
        let degree = (sampler ?? DegreeSampler(count: seqLen)).next(&rng) + 1
        var remaining = Array(0..<seqLen)
        var chosen = Set<Int>()
        // The reference shuffles every index and keeps the first `degree`; drawing just those gives the same set.
        while chosen.count < degree && !remaining.isEmpty {
            chosen.insert(remaining.remove(at: rng.nextInt(0, remaining.count - 1)))
        }
        return chosen
    }
}
