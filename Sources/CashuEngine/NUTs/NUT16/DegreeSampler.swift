// NUT-16 — the degree of a fountain-coded UR part: how many fragments it mixes (BCR-2020-005).

/// Walker's alias method over the weights 1/1 … 1/n, built as UR's reference builds it (so equal draws pick equal
/// degrees).
struct DegreeSampler: Sendable {
    private let probabilities: [Double]
    private let aliases: [Int]

    init(count: Int) {
        let weights = (1...count).map { 1.0 / Double($0) }
        let sum = weights.reduce(0, +)
        var scaled = weights.map { $0 * Double(count) / sum }
        var small: [Int] = []
        var large: [Int] = []
        for index in (0..<count).reversed() {
            if scaled[index] < 1 { small.append(index) } else { large.append(index) }
        }
        var probabilities = [Double](repeating: 0, count: count)
        var aliases = [Int](repeating: 0, count: count)
        while let a = small.last, let g = large.last {
            small.removeLast()
            large.removeLast()
            probabilities[a] = scaled[a]
            aliases[a] = g
            scaled[g] += scaled[a] - 1
            if scaled[g] < 1 { small.append(g) } else { large.append(g) }
        }
        while let g = large.popLast() { probabilities[g] = 1 }
        while let a = small.popLast() { probabilities[a] = 1 }
        self.probabilities = probabilities
        self.aliases = aliases
    }

    /// An index in `0..<count`, drawn with two doubles of `rng`.
    func next(_ rng: inout Xoshiro256) -> Int {
        let first = rng.nextDouble()
        let second = rng.nextDouble()
        let index = max(0, min(Int(Double(probabilities.count) * first), probabilities.count - 1))
        return second < probabilities[index] ? index : aliases[index]
    }
}
