// Storage: one row of a query's answer, as each store's driver hands it to the shared row mapping.

/// A row read by column name. Each accessor answers `nil` for SQL NULL and throws when the column is missing or holds
/// another type; ``SQLRowReader`` turns any such error into `corrupt` without its cause (a driver's decoding error can
/// carry the cell's bytes, which can be secrets).
package protocol SQLRow: SendableMetatype {
    func text(_ column: String) throws -> String?
    func bytes(_ column: String) throws -> [UInt8]?
    func integer(_ column: String) throws -> Int64?
    func real(_ column: String) throws -> Double?
    /// A boolean column (SQLite keeps it as the integer 0 or 1).
    func boolean(_ column: String) throws -> Bool?
}
