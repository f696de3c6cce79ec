// NUT-26 — Payment request bech32m encoding: `creqb1…`, bech32m over TLV records.

extension PaymentRequest {
    /// The NUT-26 human-readable part.
    package static let creqBHRP = "creqb"

    private enum Tag {
        static let id: UInt8 = 0x01, amount: UInt8 = 0x02, unit: UInt8 = 0x03, singleUse: UInt8 = 0x04
        static let mint: UInt8 = 0x05, description: UInt8 = 0x06, transport: UInt8 = 0x07, nut10: UInt8 = 0x08
        static let mintPreferred: UInt8 = 0x09, supportedMethod: UInt8 = 0x0a
    }

    /// NUT-26 §NUT-10 Kind Enumeration.
    private static let nut10Kinds: [(name: String, value: UInt8)] = [("P2PK", 0), ("HTLC", 1)]

    /// Encodes the request as uppercase `CREQB1…` (NUT-26: uppercase suits QR alphanumeric mode).
    ///
    /// Records go in ascending tag order, the amount as 8 bytes big-endian, unit `sat` as the single byte 0; a Nostr
    /// target becomes its raw 32-byte key with the transport's tags first and the `nprofile`'s relays after them as
    /// `["r", url]` tuples — the layout of the published vectors.
    /// - Throws: `EncodingFailure` `.unsupportedTransport` for a kind other than `nostr`/`post`; from
    ///   `NostrProfile/init(nip19:)` for a bad Nostr target; `.invalidField` for a NUT-10 kind it cannot number or an
    ///   empty tag; `.limitExceeded` for a value too long for its length field or a result over
    ///   `Bech32/maximumLength`.
    public func creqB() throws -> String {
        var tlv = TLVWriter()
        if let id { try tlv.append(Tag.id, id) }
        if let amount {
            try tlv.append(Tag.amount, u64: amount)
        }
        if let unit {
            // NUT-26 §Unit Encoding: `sat` is the single byte 0x00, any other unit its UTF-8.
            if unit == "sat" { try tlv.append(Tag.unit, [0]) } else { try tlv.append(Tag.unit, unit) }
        }
        if let singleUse { try tlv.append(Tag.singleUse, [singleUse ? 1 : 0]) }
        for mint in mints ?? [] { try tlv.append(Tag.mint, mint) }
        if let description { try tlv.append(Tag.description, description) }
        for transport in transports ?? [] { try tlv.append(Tag.transport, try transport.tlv()) }
        if let nut10 {
            var sub = TLVWriter()
            try sub.append(0x01, [try Self.nut10KindByte(nut10.kind)])
            try sub.append(0x02, nut10.data)
            for tag in nut10.tags ?? [] { try sub.append(0x03, try TagTuple.encode(tag)) }
            try tlv.append(Tag.nut10, sub.bytes)
        }
        if let mintPreferred { try tlv.append(Tag.mintPreferred, [mintPreferred ? 1 : 0]) }
        for method in supportedMethods ?? [] {
            var sub = TLVWriter()
            try sub.append(0x01, method.method)
            if let fee = method.fee {
                try sub.append(0x02, u64: fee)
            }
            try tlv.append(Tag.supportedMethod, sub.bytes)
        }
        return try Bech32.encode(hrp: Self.creqBHRP, bytes: tlv.bytes, variant: .bech32m).uppercased()
    }

    /// Decodes a `creqb1…` string, upper- or lowercase (never mixed).
    ///
    /// Unknown record types are ignored (NUT-26 §Top-Level TLV Tags). A Nostr target comes back as an `npub`, or an
    /// `nprofile` carrying the `r` tuples' relays; the other tuples stay in ``Transport/tags``.
    /// - Throws: `EncodingFailure` from `Bech32` (`.bech32Checksum`, `.mixedCase`, `.invalidBech32`,
    ///   `.limitExceeded`), `.invalidPrefix` for another `hrp`, `.truncated` for a record running past its end,
    ///   `.invalidLength` for an amount that is not 8 bytes or a Nostr key that is not 32, `.invalidField` for a
    ///   repeated single-valued record, bad UTF-8 or a bad flag, `.unsupportedTransport`, `.missingField`.
    package static func decodeCreqB(_ string: String) throws(EncodingFailure) -> PaymentRequest {
        let (hrp, bytes) = try Bech32.decodeBytes(string, variant: .bech32m, limit: maximumEncodedLength)
        guard hrp == creqBHRP else { throw EncodingFailure(.invalidPrefix, "bech32m string is not a creqb request") }
        var request = PaymentRequest()
        var mints: [String] = []
        var transports: [Transport] = []
        var methods: [SupportedMethod] = []
        var seen: Set<UInt8> = []
        var reader = TLVReader(bytes)
        while let (tag, value) = try reader.next() {
            if tag >= Tag.id, tag <= Tag.mintPreferred, tag != Tag.mint, tag != Tag.transport {
                guard seen.insert(tag).inserted else {
                    throw EncodingFailure(.invalidField, "creqb record \(tag) appears twice")
                }
            }
            switch tag {
            case Tag.id: request.id = try decodeUTF8(value, "id")
            case Tag.amount:
                request.amount = try TLVReader.u64(value, "amount")
            case Tag.unit: request.unit = try value.elementsEqual([0]) ? "sat" : decodeUTF8(value, "unit")
            case Tag.singleUse:
                guard value.count == 1, let flag = value.first, flag <= 1 else {
                    throw EncodingFailure(.invalidField, "creqb single_use must be one byte, 0 or 1")
                }
                request.singleUse = flag == 1
            case Tag.mint:
                mints.append(try decodeUTF8(value, "mint"))
            case Tag.description: request.description = try decodeUTF8(value, "description")
            case Tag.transport:
                transports.append(try Transport(tlv: value))
            case Tag.nut10: request.nut10 = try nut10(tlv: value)
            case Tag.mintPreferred:
                guard value.count == 1, let flag = value.first, flag <= 1 else {
                    throw EncodingFailure(.invalidField, "creqb mint_preferred must be one byte, 0 or 1")
                }
                request.mintPreferred = flag == 1
            case Tag.supportedMethod:
                methods.append(try supportedMethod(tlv: value))
            default: continue
            }
        }
        if !methods.isEmpty { request.supportedMethods = methods }
        if !mints.isEmpty { request.mints = mints }
        if !transports.isEmpty { request.transports = transports }
        try request.checkUnit()
        return request
    }

    /// The supported-method sub-TLV: `0x01` method name (once, required), `0x02` fee as a u64 (once, optional).
    private static func supportedMethod(tlv value: ArraySlice<UInt8>) throws(EncodingFailure) -> SupportedMethod {
        var name: String?
        var fee: UInt64?
        var reader = TLVReader(value)
        while let (tag, value) = try reader.next() {
            switch tag {
            case 0x01:
                guard name == nil else { throw EncodingFailure(.invalidField, "creqb supported method named twice") }
                name = try decodeUTF8(value, "supported method")
            case 0x02:
                guard fee == nil else { throw EncodingFailure(.invalidField, "creqb supported method fee twice") }
                fee = try TLVReader.u64(value, "method fee")
            default: continue
            }
        }
        guard let name else { throw EncodingFailure(.missingField, "creqb supported method has no name") }
        return SupportedMethod(method: name, fee: fee)
    }

    private static func nut10(tlv value: ArraySlice<UInt8>) throws(EncodingFailure) -> NUT10Option {
        var kind: String?
        var data: String?
        var tags: [[String]] = []
        var reader = TLVReader(value)
        while let (tag, value) = try reader.next() {
            switch tag {
            case 0x01:
                guard value.count == 1, let byte = value.first else {
                    throw EncodingFailure(.invalidLength, "nut10 kind must be one byte")
                }
                kind = nut10Kinds.first(where: { $0.value == byte })?.name ?? String(byte)
            case 0x02: data = try decodeUTF8(value, "nut10 data")
            case 0x03: tags.append(try TagTuple.decode(value))
            default: continue
            }
        }
        guard let kind, let data else { throw EncodingFailure(.missingField, "nut10 record needs kind and data") }
        return NUT10Option(kind: kind, data: data, tags: tags.isEmpty ? nil : tags)
    }

    /// NUT-26 §NUT-10 Kind Enumeration; a kind number unknown to this table decodes as its decimal string, and that
    /// string encodes back to the same number, so unknown kinds are preserved ("SHOULD be preserved when re-encoding").
    private static func nut10KindByte(_ kind: String) throws(EncodingFailure) -> UInt8 {
        if let known = nut10Kinds.first(where: { $0.name == kind }) { return known.value }
        if let number = UInt8(kind), String(number) == kind { return number }
        throw EncodingFailure(.invalidField, "NUT-10 kind \(kind) has no creqb number")
    }
}

extension PaymentRequest.Transport {
    private static let kinds: [(kind: Kind, value: UInt8)] = [(.nostr, 0), (.post, 1)]

    /// The transport sub-TLV: kind, target, then tag tuples (for Nostr: own tags, then `r` relays).
    func tlv() throws(EncodingFailure) -> [UInt8] {
        guard let byte = Self.kinds.first(where: { $0.kind == kind })?.value else {
            throw EncodingFailure(.unsupportedTransport, "transport kind \(kind) has no creqb number")
        }
        var sub = TLVWriter()
        try sub.append(0x01, [byte])
        var tuples = tags ?? []
        if kind == .nostr {
            let profile = try NostrProfile(nip19: target)
            try sub.append(0x02, profile.publicKey)
            tuples += profile.relays.map { ["r", $0] }
        } else {
            try sub.append(0x02, target)
        }
        for tuple in tuples { try sub.append(0x03, try TagTuple.encode(tuple)) }
        return sub.bytes
    }

    init(tlv value: ArraySlice<UInt8>) throws(EncodingFailure) {
        var kindByte: UInt8?
        var target: ArraySlice<UInt8>?
        var tuples: [[String]] = []
        var reader = TLVReader(value)
        while let (tag, value) = try reader.next() {
            switch tag {
            case 0x01:
                guard value.count == 1 else { throw EncodingFailure(.invalidLength, "transport kind must be one byte") }
                kindByte = value.first
            case 0x02: target = value
            case 0x03: tuples.append(try TagTuple.decode(value))
            default: continue
            }
        }
        guard let kindByte, let target else { throw EncodingFailure(.missingField, "transport needs kind and target") }
        guard let kind = Self.kinds.first(where: { $0.value == kindByte })?.kind else {
            throw EncodingFailure(.unsupportedTransport, "unknown creqb transport kind \(kindByte)")
        }
        if kind == .nostr {
            // NUT-26 §Nostr Transport Details: `r` tuples are the relays of an nprofile; no relays means an npub.
            let relays = tuples.filter { $0.first == "r" }.compactMap { $0.count == 2 ? $0[1] : nil }
            tuples.removeAll { $0.first == "r" && $0.count == 2 }
            let profile = try NostrProfile(publicKey: Array(target), relays: relays)
            self.init(kind: kind, target: try profile.nip19(), tags: tuples.isEmpty ? nil : tuples)
        } else {
            let url = try decodeUTF8(target, "transport target")
            self.init(kind: kind, target: url, tags: tuples.isEmpty ? nil : tuples)
        }
    }
}
