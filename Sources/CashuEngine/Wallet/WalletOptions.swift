// Wallet: tunables of the wallet engine.

/// Options of a ``Wallet``. A value set out of its bounds is brought within them (a restore batch of 1 to 1000
/// outputs, a gap limit of at least 1, at most 10,000 inputs, ...), as the initializer does.
public struct WalletOptions: Sendable {
    /// Lock mint quotes with NUT-20 when the mint supports it.
    public var lockMintQuotes: Bool
    /// Refuse signatures that carry no NUT-12 DLEQ proof (they are always verified when present).
    public var requireDLEQ: Bool
    /// How many proofs of each denomination change outputs try to keep, so later sends rarely need a swap.
    public var targetProofsPerDenomination: Int {
        didSet { targetProofsPerDenomination = Bounds.targetProofsPerDenomination(targetProofsPerDenomination) }
    }
    /// NUT-09/13 restore: outputs per request.
    public var restoreBatchSize: Int { didSet { restoreBatchSize = Bounds.restoreBatchSize(restoreBatchSize) } }
    /// NUT-09/13 restore: consecutive empty batches after which a keyset is done.
    public var restoreGapLimit: Int { didSet { restoreGapLimit = Bounds.restoreGapLimit(restoreGapLimit) } }
    /// Polling interval while waiting for a mint quote to be paid.
    public var pollInterval: Duration
    /// The most inputs or outputs the wallet puts in one request (Nutshell refuses more than 1000).
    public var maxInputs: Int { didSet { maxInputs = Bounds.maxInputs(maxInputs) } }
    /// While waiting through a NUT-17 subscription, how often the wallet still checks over HTTP, in case a
    /// notification is lost or never sent. Notifications themselves trigger a check at most every `pollInterval`.
    package var subscriptionCheckInterval: Duration {
        didSet { subscriptionCheckInterval = Bounds.subscriptionCheckInterval(subscriptionCheckInterval) }
    }
    /// NUT-22: the most blind auth tokens minted in one request (the mint's `bat_max_mint` bounds it further).
    package var blindAuthBatch: Int { didSet { blindAuthBatch = Bounds.blindAuthBatch(blindAuthBatch) } }
    /// NUT-22: the pool is topped up when it holds this many tokens or fewer (a failed top-up is then retried at most
    /// once a minute while tokens are left; an empty pool always tries).
    package var blindAuthLowWater: Int { didSet { blindAuthLowWater = Bounds.blindAuthLowWater(blindAuthLowWater) } }
    /// Checks of received proofs run after the standard ones (`VerificationPipeline/receivedProofs(adding:)`); a
    /// refusal refuses the token before anything is journaled or sent. They see the proofs' secrets: never log them.
    package var proofVerifiers: [any Verifier<Proof>]
    /// Checks of a mint's signatures (swap, mint, melt change, restore; not NUT-22 blind auth tokens) run after the
    /// standard ones (`VerificationPipeline/mintSignatures(adding:)`). A refusal is treated as a broken answer:
    /// the operation stays open (pending; the mint has the inputs) until a wallet without that refusal settles it,
    /// a melt's change is refused after its invoice was paid, and restore counts refused signatures as rejected.
    package var signatureVerifiers: [any Verifier<SignedOutput>]
    /// How long a prepared operation (``Wallet/prepareSend(amount:mint:unit:options:holdFor:)`` and the other
    /// `prepare` calls) holds its inputs unconfirmed before it releases them by itself.
    public var preparedHold: Duration {
        didSet { preparedHold = Bounds.preparedHold(preparedHold) }
    }

    /// The default options: NUT-13 restore batches of 100 that stop after 3 empty ones, quotes locked (NUT-20),
    /// DLEQ proofs checked when the mint sends them, a prepared operation held for 10 minutes.
    public init() { self.init(lockMintQuotes: true) }

    /// Creates options; the defaults follow NUT-13 (batches of 100, stop after 3 empty ones).
    package init(
        lockMintQuotes: Bool = true, requireDLEQ: Bool = false, targetProofsPerDenomination: Int = 3,
        restoreBatchSize: Int = 100, restoreGapLimit: Int = 3, pollInterval: Duration = .milliseconds(500),
        maxInputs: Int = 1000, subscriptionCheckInterval: Duration = .seconds(30), blindAuthBatch: Int = 100,
        blindAuthLowWater: Int = 5, proofVerifiers: [any Verifier<Proof>] = [],
        signatureVerifiers: [any Verifier<SignedOutput>] = [], preparedHold: Duration = .seconds(600)
    ) {
        self.lockMintQuotes = lockMintQuotes
        self.requireDLEQ = requireDLEQ
        self.targetProofsPerDenomination = Bounds.targetProofsPerDenomination(targetProofsPerDenomination)
        self.restoreBatchSize = Bounds.restoreBatchSize(restoreBatchSize)
        self.restoreGapLimit = Bounds.restoreGapLimit(restoreGapLimit)
        self.pollInterval = pollInterval
        self.maxInputs = Bounds.maxInputs(maxInputs)
        self.subscriptionCheckInterval = Bounds.subscriptionCheckInterval(subscriptionCheckInterval)
        self.blindAuthBatch = Bounds.blindAuthBatch(blindAuthBatch)
        self.blindAuthLowWater = Bounds.blindAuthLowWater(blindAuthLowWater)
        self.proofVerifiers = proofVerifiers
        self.signatureVerifiers = signatureVerifiers
        self.preparedHold = Bounds.preparedHold(preparedHold)
    }

    /// The bounds a value is kept within, whether the initializer gets it or a field is set later: they keep loops
    /// finite and requests meaningful whatever a caller passes.
    private enum Bounds {
        static func targetProofsPerDenomination(_ value: Int) -> Int { min(max(value, 0), 16) }
        static func restoreBatchSize(_ value: Int) -> Int { min(max(value, 1), 1000) }
        static func restoreGapLimit(_ value: Int) -> Int { max(value, 1) }
        static func maxInputs(_ value: Int) -> Int { min(max(value, 1), 10_000) }
        static func subscriptionCheckInterval(_ value: Duration) -> Duration { max(value, .milliseconds(10)) }
        static func blindAuthBatch(_ value: Int) -> Int { min(max(value, 1), 1000) }
        static func blindAuthLowWater(_ value: Int) -> Int { min(max(value, 0), 1000) }
        static func preparedHold(_ value: Duration) -> Duration { min(max(value, .milliseconds(1)), .seconds(86_400)) }
    }
}
