// CoreCashu — scalars travel in NUT JSON as 64-character lowercase hex (NUT-12 DLEQ e, s, r).

extension Scalar: Codable {
    public init(from decoder: Decoder) throws {
        self = try HexCoding.decode(from: decoder) { try Scalar(hex: $0) }
    }

    public func encode(to encoder: Encoder) throws {
        try HexCoding.encode(exposedSecretHex, to: encoder)
    }
}
