// NUT-16 — one part of a fountain-coded UR message: `[seqNum, seqLen, messageLen, checksum, data]` in CBOR
// (BCR-2020-005).

/// A fountain part as a multi-part UR frame carries it.
struct FountainPart: Hashable, Sendable {
    /// 1-based; parts past `seqLength` mix several fragments.
    var sequenceNumber: UInt32
    /// How many fragments the message has.
    var sequenceLength: Int
    /// The message length in bytes (the last fragment is zero-padded).
    var messageLength: Int
    /// CRC-32 of the whole message.
    var checksum: UInt32
    /// The fragment, or the XOR of several.
    var data: [UInt8]

    /// The most fragments, and the longest message, a part may describe (a hostile frame cannot make the decoder
    /// allocate more).
    static let maximumSequenceLength = 4096
    static let maximumMessageLength = 4 * 1024 * 1024

    var cbor: [UInt8] {
        CBOREncoder.encode(
            .array([
                .unsigned(UInt64(sequenceNumber)), .unsigned(UInt64(sequenceLength)),
                .unsigned(UInt64(messageLength)), .unsigned(UInt64(checksum)), .bytes(data),
            ]))
    }

    init(sequenceNumber: UInt32, sequenceLength: Int, messageLength: Int, checksum: UInt32, data: [UInt8]) {
        self.sequenceNumber = sequenceNumber
        self.sequenceLength = sequenceLength
        self.messageLength = messageLength
        self.checksum = checksum
        self.data = data
    }

    /// A part read from its CBOR.
    /// - Throws: ``EncodingFailure`` `.invalidUR` for another shape or values out of bounds.
    init(cbor bytes: [UInt8]) throws(EncodingFailure) {
        guard case .array(let items) = try CBORDecoder.decode(bytes), items.count == 5,
            case .unsigned(let number) = items[0], case .unsigned(let length) = items[1],
            case .unsigned(let messageLength) = items[2], case .unsigned(let checksum) = items[3],
            case .bytes(let data) = items[4]
        else { throw EncodingFailure(.invalidUR, "a UR part is [seqNum, seqLen, messageLen, checksum, data]") }
        guard number >= 1, number <= UInt64(UInt32.max), length >= 1,
            length <= UInt64(Self.maximumSequenceLength), messageLength >= 1,
            messageLength <= UInt64(Self.maximumMessageLength), checksum <= UInt64(UInt32.max), !data.isEmpty,
            UInt64(data.count) <= messageLength,
            (messageLength + UInt64(data.count) - 1) / UInt64(data.count) == length
        else { throw EncodingFailure(.invalidUR, "a UR part's numbers do not fit together") }
        self.init(
            sequenceNumber: UInt32(number), sequenceLength: Int(length), messageLength: Int(messageLength),
            checksum: UInt32(checksum), data: data)
    }
}
