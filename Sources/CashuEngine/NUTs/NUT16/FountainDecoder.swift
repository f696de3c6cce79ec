// NUT-16 — the fountain decoder of UR (BCR-2020-005): parts in any order, single fragments kept, mixed ones reduced by
// what is known until every fragment is, then the message checked against its CRC-32.

/// Rebuilds a message from fountain parts.
struct FountainDecoder: Sendable {
    /// The message, once every fragment is known and the checksum matched.
    private(set) var message: [UInt8]?
    private var expected: (length: Int, messageLength: Int, checksum: UInt32, fragmentLength: Int)?
    private var sampler: DegreeSampler?
    private var simple: [Int: [UInt8]] = [:]
    private var mixed: [Set<Int>: [UInt8]] = [:]
    private var seen = Set<UInt32>()

    /// How many of the message's fragments are known, and how many there are (0 of 0 before the first part).
    var progress: (known: Int, total: Int) { (simple.count, expected?.length ?? 0) }

    /// Takes one part.
    /// - Returns: whether the part was new.
    /// - Throws: ``EncodingFailure`` `.invalidUR` for a part of another message, or when the rebuilt message's
    ///   checksum does not match (the decoder then starts over).
    mutating func receive(_ part: FountainPart) throws(EncodingFailure) -> Bool {
        guard message == nil else { return false }
        if let expected {
            guard part.sequenceLength == expected.length, part.messageLength == expected.messageLength,
                part.checksum == expected.checksum, part.data.count == expected.fragmentLength
            else { throw EncodingFailure(.invalidUR, "a frame of another animated code") }
        } else {
            expected = (part.sequenceLength, part.messageLength, part.checksum, part.data.count)
            sampler = DegreeSampler(count: part.sequenceLength)
        }
        guard seen.insert(part.sequenceNumber).inserted else { return false }
        let indexes = FountainFragments.choose(
            seqNum: part.sequenceNumber, seqLen: part.sequenceLength, checksum: part.checksum, sampler: sampler)
        try process(indexes, part.data)
        return true
    }

    private mutating func process(_ indexes: Set<Int>, _ data: [UInt8]) throws(EncodingFailure) {
        guard let expected else { return }
        var queue = [(indexes, data)]
        while let (start, startData) = queue.popLast(), message == nil {
            var indexes = start
            var data = startData
            for index in indexes where simple[index] != nil {
                Self.xor(&data, simple[index] ?? [])
                indexes.remove(index)
            }
            var reduced = true
            while reduced {
                reduced = false
                for (other, otherData) in mixed where other.count < indexes.count && other.isSubset(of: indexes) {
                    Self.xor(&data, otherData)
                    indexes.subtract(other)
                    reduced = true
                    break
                }
            }
            if indexes.count == 1, let index = indexes.first {
                guard simple[index] == nil else { continue }
                simple[index] = data
                for (other, otherData) in mixed where other.contains(index) {
                    mixed[other] = nil
                    queue.append((other, otherData))
                }
                if simple.count == expected.length { try finish(expected) }
            } else if indexes.count > 1, mixed[indexes] == nil {
                for (other, otherData) in mixed where indexes.count < other.count && indexes.isSubset(of: other) {
                    mixed[other] = nil
                    var rest = otherData
                    Self.xor(&rest, data)
                    queue.append((other.subtracting(indexes), rest))
                }
                // Bounded: a hostile run of mixed frames cannot grow the table without end.
                if mixed.count < 4 * expected.length + 64 { mixed[indexes] = data }
            }
        }
    }

    private mutating func finish(_ expected: (length: Int, messageLength: Int, checksum: UInt32, fragmentLength: Int))
        throws(EncodingFailure)
    {
        var joined: [UInt8] = []
        joined.reserveCapacity(expected.length * expected.fragmentLength)
        for index in 0..<expected.length { joined += simple[index] ?? [] }
        let candidate = Array(joined.prefix(expected.messageLength))
        guard CRC32.checksum(candidate) == expected.checksum else {
            self = FountainDecoder()
            throw EncodingFailure(.invalidUR, "the animated code's message does not match its checksum")
        }
        message = candidate
    }

    private static func xor(_ target: inout [UInt8], _ other: [UInt8]) {
        for index in 0..<min(target.count, other.count) { target[index] ^= other[index] }
    }
}
