// NUT-18 — Payment requests: the `creqA` encoding, "creqA" + base64url(CBOR(request)).

extension PaymentRequest {
    /// The NUT-18 prefix: `creq` + version `A`.
    package static let creqAPrefix = "creqA"

    /// Encodes the request as `creqA` + padded base64url of its CBOR map (NUT-18 §Encoded Request).
    ///
    /// Keys go in the order `t, i, a, u, m, d, s, nut10`, transports as `t, a, g` with an absent `g` written as CBOR
    /// `undefined`, and the base64url is padded: that is how the published vectors were made, so they re-encode
    /// byte for byte.
    /// - Returns: The `creqA…` string.
    public func creqA() -> String {
        Self.creqAPrefix + Base64URL.encode(CBOREncoder.encode(cborValue), padded: true)
    }

    /// The request as a CBOR map, in the key order of the published vectors.
    var cborValue: CBORValue {
        var entries: [CBORMapEntry] = []
        if let transports {
            entries.append(CBORMapEntry("t", .array(transports.map(\.cborValue))))
        }
        if let id { entries.append(CBORMapEntry("i", .text(id))) }
        if let amount { entries.append(CBORMapEntry("a", .unsigned(amount))) }
        if let unit { entries.append(CBORMapEntry("u", .text(unit))) }
        if let mints { entries.append(CBORMapEntry("m", .array(mints.map { .text($0) }))) }
        if let description { entries.append(CBORMapEntry("d", .text(description))) }
        if let singleUse { entries.append(CBORMapEntry("s", .bool(singleUse))) }
        if let nut10 {
            var lock: [CBORMapEntry] = [CBORMapEntry("k", .text(nut10.kind)), CBORMapEntry("d", .text(nut10.data))]
            if let tags = nut10.tags { lock.append(CBORMapEntry("t", Self.cborTags(tags))) }
            entries.append(CBORMapEntry("nut10", .map(lock)))
        }
        if let mintPreferred { entries.append(CBORMapEntry("mp", .bool(mintPreferred))) }
        if let supportedMethods {
            entries.append(
                CBORMapEntry(
                    "sm",
                    .array(
                        supportedMethods.map { method in
                            var fields = [CBORMapEntry("mn", .text(method.method))]
                            if let fee = method.fee { fields.append(CBORMapEntry("mf", .unsigned(fee))) }
                            return .map(fields)
                        })))
        }
        return .map(entries)
    }

    static func cborTags(_ tags: [[String]]) -> CBORValue {
        .array(tags.map { tag in .array(tag.map { .text($0) }) })
    }

    /// Decodes a `creqA…` string (prefix matched case-insensitively; padding optional).
    ///
    /// Unknown keys are ignored and CBOR `undefined` counts as absent (NUT-18 vectors carry `g: undefined`).
    /// - Throws: ``EncodingFailure`` `.invalidPrefix`, `.limitExceeded`, `.invalidBase64`, `.invalidCBOR`/`.truncated`,
    ///   `.invalidField` for a value of the wrong type, `.missingField` for a transport or lock without its required
    ///   fields, or an amount without a unit.
    package static func decodeCreqA(_ string: String) throws(EncodingFailure) -> PaymentRequest {
        let utf8 = Array(string.utf8)
        guard utf8.count <= maximumEncodedLength else {
            throw EncodingFailure(.limitExceeded, "payment request longer than \(maximumEncodedLength) characters")
        }
        guard utf8.count >= 5, String(decoding: utf8[..<5], as: UTF8.self).lowercased() == "creqa" else {
            throw EncodingFailure(.invalidPrefix, "payment request does not start with creqA")
        }
        let cbor = try CBORDecoder.decode(try Base64URL.decode(String(decoding: utf8[5...], as: UTF8.self)))
        return try PaymentRequest(cbor: cbor)
    }

    /// Reads a request from its CBOR map.
    init(cbor: CBORValue) throws(EncodingFailure) {
        guard case .map = cbor else { throw EncodingFailure(.invalidField, "payment request is not a CBOR map") }
        self.init()
        id = try Self.text(Self.field(cbor, "i"), "i")
        if let a = Self.field(cbor, "a") {
            guard let amount = a.unsignedValue else {
                throw EncodingFailure(.invalidField, "payment request amount is not an unsigned integer")
            }
            self.amount = amount
        }
        unit = try Self.text(Self.field(cbor, "u"), "u")
        if let s = Self.field(cbor, "s") {
            guard let flag = s.boolValue else { throw EncodingFailure(.invalidField, "single-use flag is not a bool") }
            singleUse = flag
        }
        if let m = Self.field(cbor, "m") {
            guard let items = m.arrayValue else { throw EncodingFailure(.invalidField, "mints is not an array") }
            var mints: [String] = []
            for item in items {
                guard let url = item.textValue else { throw EncodingFailure(.invalidField, "mint URL is not text") }
                mints.append(url)
            }
            self.mints = mints
        }
        description = try Self.text(Self.field(cbor, "d"), "d")
        if let t = Self.field(cbor, "t") {
            guard let items = t.arrayValue else { throw EncodingFailure(.invalidField, "transports is not an array") }
            var transports: [Transport] = []
            for item in items { transports.append(try Transport(cbor: item)) }
            self.transports = transports
        }
        if let lock = Self.field(cbor, "nut10") {
            guard case .map = lock else { throw EncodingFailure(.invalidField, "nut10 is not a map") }
            guard let kind = try Self.text(Self.field(lock, "k"), "nut10.k"),
                let data = try Self.text(Self.field(lock, "d"), "nut10.d")
            else {
                throw EncodingFailure(.missingField, "nut10 needs k and d")
            }
            nut10 = NUT10Option(kind: kind, data: data, tags: try Self.tags(Self.field(lock, "t"), "nut10.t"))
        }
        if let mp = Self.field(cbor, "mp") {
            guard let flag = mp.boolValue else {
                throw EncodingFailure(.invalidField, "mint-preferred flag is not a bool")
            }
            mintPreferred = flag
        }
        if let sm = Self.field(cbor, "sm") {
            guard let items = sm.arrayValue else { throw EncodingFailure(.invalidField, "sm is not an array") }
            var methods: [SupportedMethod] = []
            for item in items {
                guard case .map = item, let name = try Self.text(Self.field(item, "mn"), "sm.mn") else {
                    throw EncodingFailure(.missingField, "a supported method needs mn")
                }
                var fee: UInt64?
                if let mf = Self.field(item, "mf") {
                    guard let value = mf.unsignedValue else {
                        throw EncodingFailure(.invalidField, "sm.mf is not an unsigned integer")
                    }
                    fee = value
                }
                methods.append(SupportedMethod(method: name, fee: fee))
            }
            supportedMethods = methods
        }
        try checkUnit()
    }

    /// NUT-18 §Payment Request: `u` MUST be set if `a` or `sm` is set; an amount (or a fee) in no unit cannot be
    /// paid safely.
    func checkUnit() throws(EncodingFailure) {
        if amount != nil, unit == nil {
            throw EncodingFailure(.missingField, "payment request has an amount but no unit")
        }
        if supportedMethods?.isEmpty == false, unit == nil {
            throw EncodingFailure(.missingField, "payment request names supported methods but no unit")
        }
    }

    /// A map's value for `key`; CBOR `null` and `undefined` both read as absent.
    static func field(_ map: CBORValue, _ key: String) -> CBORValue? {
        guard let value = map[key], !value.isAbsent else { return nil }
        return value
    }

    static func text(_ value: CBORValue?, _ key: String) throws(EncodingFailure) -> String? {
        guard let value else { return nil }
        guard let s = value.textValue else { throw EncodingFailure(.invalidField, "\(key) is not a text string") }
        return s
    }

    static func tags(_ value: CBORValue?, _ key: String) throws(EncodingFailure) -> [[String]]? {
        guard let value else { return nil }
        guard let items = value.arrayValue else { throw EncodingFailure(.invalidField, "\(key) is not an array") }
        var tags: [[String]] = []
        for item in items {
            guard let parts = item.arrayValue else {
                throw EncodingFailure(.invalidField, "\(key) entry is not an array")
            }
            var tag: [String] = []
            for part in parts {
                guard let s = part.textValue else {
                    throw EncodingFailure(.invalidField, "\(key) entry holds non-text")
                }
                tag.append(s)
            }
            tags.append(tag)
        }
        return tags
    }
}

extension PaymentRequest.Transport {
    /// `t, a, g` with `g` = CBOR `undefined` when absent, as the published vectors have it.
    var cborValue: CBORValue {
        .map([
            CBORMapEntry("t", .text(kind.rawValue)),
            CBORMapEntry("a", .text(target)),
            CBORMapEntry("g", tags.map(PaymentRequest.cborTags) ?? .undefined),
        ])
    }

    init(cbor: CBORValue) throws(EncodingFailure) {
        guard case .map = cbor else { throw EncodingFailure(.invalidField, "transport is not a map") }
        guard let kind = try PaymentRequest.text(PaymentRequest.field(cbor, "t"), "transport.t"),
            let target = try PaymentRequest.text(PaymentRequest.field(cbor, "a"), "transport.a")
        else { throw EncodingFailure(.missingField, "transport needs t and a") }
        let tags = try PaymentRequest.tags(PaymentRequest.field(cbor, "g"), "transport.g")
        self.init(kind: Kind(rawValue: kind), target: target, tags: tags)
    }
}
