// NUT-16 — animated QR codes: a token (or payment request) as Uniform Resource frames, `ur:bytes/<n>-<count>/<words>`,
// fountain-coded (BCR-2020-005), as cashu.me and CDK show and read them.

/// The frames of one text: its UTF-8 bytes as a CBOR byte string, in UR type `bytes`. One frame when the text fits
/// one fragment (`ur:bytes/<words>`), else an endless run of fountain-coded frames to show one after another.
public struct URFrameEncoder: Sendable {
    /// The most message bytes per frame by default: a frame of about 330 characters, a QR code of version ~12 that
    /// phone cameras read at a glance.
    @usableFromInline package static let defaultFragmentLength = 150

    private let message: [UInt8]
    private var fountain: FountainEncoder

    /// Frames for `text` with at most `maximumFragmentLength` message bytes each.
    public init(text: String, maximumFragmentLength: Int = URFrameEncoder.defaultFragmentLength) {
        self.init(payload: Array(text.utf8), maximumFragmentLength: maximumFragmentLength)
    }

    /// Frames for any bytes (UR type `bytes`).
    init(payload: [UInt8], maximumFragmentLength: Int) {
        message = CBOREncoder.encode(.bytes(payload))
        fountain = FountainEncoder(message: message, maximumFragmentLength: max(10, maximumFragmentLength))
    }

    /// How many frames one full pass takes (each fragment once).
    public var frameCount: Int { fountain.sequenceLength }

    /// Whether the text fits one frame (a single, static QR code).
    package var isSinglePart: Bool { fountain.sequenceLength == 1 }

    /// The next frame, lower case (a QR code encodes it upper case, in its denser alphanumeric mode).
    public mutating func nextFrame() -> String {
        if isSinglePart { return "ur:bytes/" + Bytewords.encode(message) }
        let part = fountain.nextPart()
        return "ur:bytes/\(part.sequenceNumber)-\(part.sequenceLength)/" + Bytewords.encode(part.cbor)
    }
}
