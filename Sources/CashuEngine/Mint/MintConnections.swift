// Mint client: how a wallet reaches its mints, as the host hands it over when it opens the wallet.

/// How a wallet reaches each of its mints.
///
/// A host makes one with `MintConnections.http(client:proxied:)` (CashuHTTP) and passes it to
/// ``Wallet/open(store:secureStore:mnemonic:connections:options:logger:recover:)``; the wallet asks it
/// for a connection to a mint when it starts to talk to that mint, and again when the mint's info changes.
public struct MintConnections: Sendable {
    /// Builds the connector for a mint.
    package let connector: @Sendable (MintURL) -> any MintConnector

    /// Connections made by `connector` for each mint.
    package init(_ connector: @escaping @Sendable (MintURL) -> any MintConnector) {
        self.connector = connector
    }
}
