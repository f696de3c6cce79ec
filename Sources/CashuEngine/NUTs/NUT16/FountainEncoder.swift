// NUT-16 — the fountain encoder of UR (BCR-2020-005): a message cut into equal fragments, sent as an endless run of
// parts, the first `seqLen` one fragment each, the rest XORs of fragment sets a decoder derives from the part number.

/// Produces the parts of one message, forever (a reader who missed some catches up on later ones).
struct FountainEncoder: Sendable {
    let messageLength: Int
    let checksum: UInt32
    let fragmentLength: Int
    private let fragments: [[UInt8]]
    private let sampler: DegreeSampler
    /// The number of the last part made (0 before the first).
    private(set) var sequenceNumber: UInt32 = 0

    /// How many fragments the message has: the parts of one full pass.
    var sequenceLength: Int { fragments.count }

    /// - Parameters:
    ///   - message: the bytes to send (not empty).
    ///   - maximumFragmentLength: the most bytes of message per part.
    ///   - minimumFragmentLength: the fewest (the fragments are as equal as possible).
    init(message: [UInt8], maximumFragmentLength: Int, minimumFragmentLength: Int = 10) {
        messageLength = message.count
        checksum = CRC32.checksum(message)
        fragmentLength = FountainFragments.nominalLength(
            messageLength: message.count, minimum: minimumFragmentLength, maximum: max(1, maximumFragmentLength))
        var fragments: [[UInt8]] = []
        var start = 0
        repeat {
            var fragment = Array(message[start..<min(start + fragmentLength, message.count)])
            fragment += [UInt8](repeating: 0, count: fragmentLength - fragment.count)
            fragments.append(fragment)
            start += fragmentLength
        } while start < message.count
        self.fragments = fragments
        sampler = DegreeSampler(count: fragments.count)
    }

    /// The next part.
    mutating func nextPart() -> FountainPart {
        sequenceNumber &+= 1
        if sequenceNumber == 0 { sequenceNumber = 1 }
        var data = [UInt8](repeating: 0, count: fragmentLength)
        let chosen = FountainFragments.choose(
            seqNum: sequenceNumber, seqLen: fragments.count, checksum: checksum, sampler: sampler)
        for index in chosen {
            for position in 0..<fragmentLength { data[position] ^= fragments[index][position] }
        }
        return FountainPart(
            sequenceNumber: sequenceNumber, sequenceLength: fragments.count, messageLength: messageLength,
            checksum: checksum, data: data)
    }
}
