// Encoding: the names public enums are stored and sent under, kept out of the public API.

/// A public enum whose cases' names in the store or on the wire are `package` (``rawValue``): the case of a name is
/// found here once, not in each enum. Not `RawRepresentable`, which would make both public.
package protocol PackageNamed: CaseIterable {
    /// The case's name in the store or on the wire.
    var rawValue: String { get }
}

extension PackageNamed {
    /// The case named `rawValue`; `nil` when no case has that name.
    package init?(rawValue: String) {
        guard let named = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = named
    }
}
