// Storage: a mint the wallet knows, with its cached NUT-06 info.

import Foundation

/// A mint added to the wallet.
public struct StoredMint: Hashable, Sendable {
    /// Its normalised URL.
    public var url: MintURL
    /// The raw JSON of its last `GET /v1/info` answer, if fetched.
    package var infoJSON: [UInt8]?
    /// When `infoJSON` was fetched.
    package var infoFetchedAt: Date?
    /// When the mint was added.
    public var addedAt: Date

    /// Creates a stored mint.
    package init(url: MintURL, infoJSON: [UInt8]? = nil, infoFetchedAt: Date? = nil, addedAt: Date = Date()) {
        self.url = url
        self.infoJSON = infoJSON
        self.infoFetchedAt = infoFetchedAt
        self.addedAt = addedAt
    }
}
