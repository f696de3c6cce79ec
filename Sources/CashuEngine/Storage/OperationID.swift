// Storage: the identifier of one wallet operation (a row of the journal and of the history).

import Foundation

/// A wallet operation's identifier: a lowercase UUID string.
public struct OperationID: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A fresh random identifier.
    package static func random() -> OperationID { OperationID(rawValue: UUID().uuidString.lowercased()) }

    public var description: String { rawValue }
    public static func < (lhs: OperationID, rhs: OperationID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
