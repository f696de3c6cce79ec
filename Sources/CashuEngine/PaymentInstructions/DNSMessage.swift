// BIP-353 — the DNS messages (RFC 1035) a TXT lookup needs: the query, with AD set to ask for the resolver's DNSSEC
// verdict (RFC 6840 §5.7) and EDNS0 for answers past 512 bytes (RFC 6891), and the answer's TXT records read back.

/// A DNS TXT query and what its answer says.
package enum DNSMessage {
    /// An answer, read.
    package struct Answer: Sendable, Equatable {
        /// The response code (0 no error, 3 no such name).
        package var responseCode: UInt8
        /// Whether the resolver validated it with DNSSEC (the AD bit).
        package var authenticated: Bool
        /// Whether it was cut short (TC): ask again over TCP.
        package var truncated: Bool
        /// Each TXT record's strings joined, in answer order.
        package var texts: [[UInt8]]
        /// The question the answer repeats (lower case, no trailing dot), when it has one.
        package var question: String? = nil
    }

    /// The query for the TXT records of `name`, with message id `id`.
    /// - Throws: ``PaymentInstructionError`` `.invalidAddress` for a name that is not DNS labels.
    package static func query(name: String, id: UInt16) throws(PaymentInstructionError) -> [UInt8] {
        // Header: id, flags RD (recursion desired) + AD, one question, one additional (the OPT record).
        var bytes: [UInt8] = [UInt8(id >> 8), UInt8(id & 0xFF), 0x01, 0x20, 0, 1, 0, 0, 0, 0, 0, 1]
        for label in name.split(separator: ".") {
            let utf8 = Array(label.utf8)
            guard !utf8.isEmpty, utf8.count <= 63 else {
                throw PaymentInstructionError(.invalidAddress, "not a DNS name")
            }
            bytes.append(UInt8(utf8.count))
            bytes += utf8
        }
        bytes += [0, 0, 16, 0, 1]  // root, TXT, IN
        bytes += [0, 0, 41, 0x10, 0x00, 0, 0, 0, 0, 0, 0]  // OPT: 4096-byte UDP payload, no options
        return bytes
    }

    /// Reads the answer to query `id`.
    /// - Throws: ``PaymentInstructionError`` `.invalidAnswer` for another message or one that does not parse.
    package static func answer(_ bytes: [UInt8], id: UInt16) throws(PaymentInstructionError) -> Answer {
        var reader = Reader(bytes: bytes)
        let header = try reader.take(12)
        guard UInt16(header[0]) << 8 | UInt16(header[1]) == id, header[2] & 0x80 != 0 else {
            throw PaymentInstructionError(.invalidAnswer, "a DNS answer to another question")
        }
        let questions = Int(header[4]) << 8 | Int(header[5])
        let answers = Int(header[6]) << 8 | Int(header[7])
        var result = Answer(
            responseCode: header[3] & 0x0F, authenticated: header[3] & 0x20 != 0, truncated: header[2] & 0x02 != 0,
            texts: [])
        for index in 0..<questions {
            let name = try reader.readName()
            if index == 0 { result.question = name }
            _ = try reader.take(4)
        }
        for _ in 0..<answers {
            try reader.skipName()
            let fixed = try reader.take(10)
            let type = UInt16(fixed[0]) << 8 | UInt16(fixed[1])
            let length = Int(fixed[8]) << 8 | Int(fixed[9])
            let data = try reader.take(length)
            guard type == 16 else { continue }  // CNAMEs the resolver followed, signatures
            var text: [UInt8] = []
            var index = data.startIndex
            while index < data.endIndex {
                let count = Int(data[index])
                guard index + 1 + count <= data.endIndex else {
                    throw PaymentInstructionError(.invalidAnswer, "a TXT record runs past its data")
                }
                text += data[(index + 1)..<(index + 1 + count)]
                index += 1 + count
            }
            result.texts.append(text)
        }
        return result
    }

    /// A cursor over a message that never reads past its end.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        /// The next `count` bytes, indexed from 0.
        mutating func take(_ count: Int) throws(PaymentInstructionError) -> [UInt8] {
            guard count >= 0, offset + count <= bytes.count else {
                throw PaymentInstructionError(.invalidAnswer, "a DNS answer cut short")
            }
            defer { offset += count }
            return Array(bytes[offset..<(offset + count)])
        }

        /// Reads a name: its labels up to the root, lower case; `nil` when it ends in a compression pointer (which
        /// ends it here).
        mutating func readName() throws(PaymentInstructionError) -> String? {
            var labels: [String] = []
            for _ in 0..<128 {
                let length = try take(1).first ?? 0
                switch length & 0xC0 {
                case 0xC0:
                    _ = try take(1)
                    return nil
                case 0x00:
                    if length == 0 { return labels.joined(separator: ".").lowercased() }
                    labels.append(String(decoding: try take(Int(length)), as: UTF8.self))
                default:
                    throw PaymentInstructionError(.invalidAnswer, "a DNS name with an unknown label type")
                }
            }
            throw PaymentInstructionError(.invalidAnswer, "a DNS name too long")
        }

        /// Skips a name (an answer's owner, usually compressed).
        mutating func skipName() throws(PaymentInstructionError) {
            _ = try readName()
        }
    }
}
