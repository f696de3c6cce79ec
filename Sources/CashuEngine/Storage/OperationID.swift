// Storage: the identifier of one wallet operation (a row of the journal and of the history).

import Foundation

/// A wallet operation's identifier: a lowercase UUID string, printed as ``description``.
public struct OperationID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The id as the store and the journals keep it (``description``).
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    /// The id a front end printed (``description``) and a user typed back (`cashu pending --reclaim ID`).
    public init(_ text: String) { self.init(rawValue: text) }

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
