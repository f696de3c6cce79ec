// NUT-23 — BOLT11: reading an invoice's tagged fields (BOLT #11 "Tagged Fields"): type, data_length, data.

/// The tagged fields between an invoice's timestamp and its signature, one at a time.
///
/// Each field is a 5-bit type, a 10-bit big-endian `data_length` (in 5-bit groups) and that many groups of data.
struct Bolt11TaggedFields {
    /// `p`: the payment hash (52 groups).
    static let paymentHash: UInt8 = 1
    /// `x`: the expiry in seconds (variable length).
    static let expiry: UInt8 = 6
    /// `h`: the SHA-256 of the description (52 groups).
    static let descriptionHash: UInt8 = 23

    private let groups: ArraySlice<UInt8>
    private var position: Int

    /// Reads the fields in `groups`: the 5-bit data after the timestamp, up to the signature.
    init(_ groups: ArraySlice<UInt8>) {
        self.groups = groups
        self.position = groups.startIndex
    }

    /// The next field's type and data, or `nil` after the last.
    /// - Throws: ``EncodingFailure`` `.truncated` when a field's header or data runs past the end.
    mutating func next() throws(EncodingFailure) -> (tag: UInt8, value: ArraySlice<UInt8>)? {
        guard position < groups.endIndex else { return nil }
        guard groups.endIndex - position >= 3 else {
            throw EncodingFailure(.truncated, "an invoice field header runs into the signature")
        }
        let tag = groups[position]
        let length = Int(groups[position + 1]) << 5 | Int(groups[position + 2])
        let start = position + 3
        guard groups.endIndex - start >= length else {
            throw EncodingFailure(.truncated, "an invoice field runs into the signature")
        }
        position = start + length
        return (tag, groups[start..<position])
    }
}
