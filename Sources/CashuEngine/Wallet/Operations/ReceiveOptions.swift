// Wallet: what a receive may be given — permission to add the token's mint, keys and preimages for locked proofs.

/// Options of `Wallet/receive(_:options:)`.
public struct ReceiveOptions: Sendable {
    /// Add the token's mint when the wallet does not know it (otherwise the receive is refused): set through
    /// ``init(addUnknownMint:preimage:signingKeys:)``.
    package var addUnknownMint: Bool
    /// NUT-14: the preimage opening HTLC-locked proofs.
    public var preimage: HTLCPreimage?
    /// NUT-11: private keys for P2PK-locked proofs, besides the ones in the secure store.
    public var signingKeys: [Scalar]

    /// Creates options.
    public init(addUnknownMint: Bool = false, preimage: HTLCPreimage? = nil, signingKeys: [Scalar] = []) {
        self.addUnknownMint = addUnknownMint
        self.preimage = preimage
        self.signingKeys = signingKeys
    }
}
