// NUT-16 — reading animated QR codes back: `ur:bytes/...` frames, single or fountain-coded (BCR-2020-005), in any order
// and with repeats, until the text they carry is whole.

/// Collects UR frames of type `bytes` until the text they carry is complete.
public struct URFrameDecoder: Sendable {
    /// The longest frame accepted.
    package static let maximumFrameLength = 16 * 1024

    private var fountain = FountainDecoder()
    /// The text, once every fragment arrived and the checksum matched.
    public private(set) var text: String?

    public init() {}

    /// How many fragments are known of how many (0 of 0 before the first multi-part frame).
    public var progress: (known: Int, total: Int) { fountain.progress }

    /// Whether `text` looks like a UR frame (`ur:` then a type), in either case.
    public static func isFrame(_ text: some StringProtocol) -> Bool {
        text.trimmingPrefix(while: \.isWhitespace).lowercased().hasPrefix("ur:")
    }

    /// Takes one frame.
    /// - Returns: whether the text is now complete.
    /// - Throws: `EncodingFailure`: `.invalidPrefix` for text that is no `ur:bytes/` frame, `.invalidBytewords`,
    ///   `.invalidUR` for a frame of another code or a message that fails its checksum, `.limitExceeded` for a frame
    ///   too long, `.invalidCBOR`.
    @discardableResult
    public mutating func receive(_ frame: some StringProtocol) throws -> Bool {
        if text != nil { return true }
        let trimmed = frame.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= Self.maximumFrameLength else {
            throw EncodingFailure(.limitExceeded, "a UR frame is at most \(Self.maximumFrameLength) characters")
        }
        let lower = trimmed.lowercased()
        guard lower.hasPrefix("ur:bytes/") else {
            throw EncodingFailure(.invalidPrefix, "not a ur:bytes/ frame (NUT-16)")
        }
        let path = lower.dropFirst("ur:bytes/".count).split(separator: "/", omittingEmptySubsequences: false)
        switch path.count {
        case 1:
            return try finish(Bytewords.decode(path[0]))
        case 2:
            let numbers = path[0].split(separator: "-", omittingEmptySubsequences: false)
            guard numbers.count == 2, let number = UInt32(numbers[0]), let length = Int(numbers[1]) else {
                throw EncodingFailure(.invalidUR, "a multi-part frame is ur:bytes/<n>-<count>/<words>")
            }
            let part = try FountainPart(cbor: try Bytewords.decode(path[1]))
            guard part.sequenceNumber == number, part.sequenceLength == length else {
                throw EncodingFailure(.invalidUR, "a frame's numbers differ from its body's")
            }
            _ = try fountain.receive(part)
            guard let message = fountain.message else { return false }
            return try finish(message)
        default:
            throw EncodingFailure(.invalidUR, "a UR frame has one or two path parts")
        }
    }

    private mutating func finish(_ message: [UInt8]) throws(EncodingFailure) -> Bool {
        guard case .bytes(let payload) = try CBORDecoder.decode(message) else {
            throw EncodingFailure(.invalidUR, "a ur:bytes message is a CBOR byte string")
        }
        guard let decoded = String(validating: payload, as: UTF8.self) else {
            throw EncodingFailure(.invalidUR, "the animated code does not carry text")
        }
        text = decoded
        return true
    }
}
