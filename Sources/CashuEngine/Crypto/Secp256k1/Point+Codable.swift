// CoreCashu — points travel in NUT JSON as 66-character lowercase hex of the compressed encoding (NUT-00).

extension Point: Codable {
    public init(from decoder: Decoder) throws {
        self = try HexCoding.decode(from: decoder) { try Point(hex: $0) }
    }

    public func encode(to encoder: Encoder) throws {
        try HexCoding.encode(hex, to: encoder)
    }
}
