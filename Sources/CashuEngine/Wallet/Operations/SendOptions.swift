// Wallet: what a send may ask for — a memo, fees for the receiver, a NUT-11/14 lock, offline only.

/// Options of `Wallet/send(amount:mint:unit:options:)`, set through the initializer (the lock and the version can
/// be changed afterwards).
public struct SendOptions: Sendable {
    /// How the sent proofs are locked.
    public enum Lock: Sendable {
        /// NUT-11: spendable with a signature of `key` (and the options' extra keys, locktime, refund keys).
        case p2pk(key: Point, options: LockOptions = LockOptions())
        /// NUT-14: spendable with the preimage of `hashLock` (and the options' keys).
        case htlc(hashLock: [UInt8], options: LockOptions = LockOptions())
        /// NUT-28: as ``p2pk(key:options:)``, with every key (main, extra and refund) blinded by a fresh ephemeral
        /// key per proof (one for all under SIG_ALL), so the mint cannot link the token to the receiver's key.
        case p2bk(key: Point, options: LockOptions = LockOptions())
    }

    /// The token's memo.
    package var memo: String?
    /// Add the receiver's swap fee to the token, so the receiver gets the full amount.
    package var includeFees: Bool
    /// Lock the proofs (always needs a swap).
    public var lock: Lock?
    /// Fail instead of swapping when no exact proofs exist.
    package var offlineOnly: Bool
    /// Hand over exact proofs without asking the mint when the wallet has them; `false` always swaps for fresh
    /// proofs (the mint then sees the send, but the receiver cannot link the token to earlier transactions).
    package var preferOffline: Bool
    /// Put NUT-12 DLEQ proofs in the token (needed by receivers who verify offline).
    package var includeDLEQ: Bool
    /// The token format.
    public var version: Token.Version

    /// Creates options.
    public init(
        memo: String? = nil, includeFees: Bool = false, lock: Lock? = nil, offlineOnly: Bool = false,
        preferOffline: Bool = true, includeDLEQ: Bool = true, version: Token.Version = .v4
    ) {
        self.memo = memo
        self.includeFees = includeFees
        self.lock = lock
        self.offlineOnly = offlineOnly
        self.preferOffline = preferOffline
        self.includeDLEQ = includeDLEQ
        self.version = version
    }
}
