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
        didSet { targetProofsPerDenomination = min(max(targetProofsPerDenomination, 0), 16) }
    }
    /// NUT-09/13 restore: outputs per request.
    public var restoreBatchSize: Int { didSet { restoreBatchSize = min(max(restoreBatchSize, 1), 1000) } }
    /// NUT-09/13 restore: consecutive empty batches after which a keyset is done.
    public var restoreGapLimit: Int { didSet { restoreGapLimit = max(restoreGapLimit, 1) } }
    /// Polling interval while waiting for a mint quote to be paid.
    public var pollInterval: Duration
    /// The most inputs or outputs the wallet puts in one request (Nutshell refuses more than 1000).
    public var maxInputs: Int { didSet { maxInputs = min(max(maxInputs, 1), 10_000) } }
    /// While waiting through a NUT-17 subscription, how often the wallet still checks over HTTP, in case a
    /// notification is lost or never sent. Notifications themselves trigger a check at most every `pollInterval`.
    public var subscriptionCheckInterval: Duration {
        didSet { subscriptionCheckInterval = max(subscriptionCheckInterval, .milliseconds(10)) }
    }
    /// NUT-22: the most blind auth tokens minted in one request (the mint's `bat_max_mint` bounds it further).
    public var blindAuthBatch: Int { didSet { blindAuthBatch = min(max(blindAuthBatch, 1), 1000) } }
    /// NUT-22: the pool is topped up when it holds this many tokens or fewer (a failed top-up is then retried at most
    /// once a minute while tokens are left; an empty pool always tries).
    public var blindAuthLowWater: Int { didSet { blindAuthLowWater = min(max(blindAuthLowWater, 0), 1000) } }
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
        didSet { preparedHold = min(max(preparedHold, .milliseconds(1)), .seconds(86_400)) }
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
        // Bounds that keep loops finite and requests meaningful whatever a caller passes.
        let restoreBatchSize = min(max(restoreBatchSize, 1), 1000)
        let restoreGapLimit = max(restoreGapLimit, 1)
        let maxInputs = min(max(maxInputs, 1), 10_000)
        let targetProofsPerDenomination = min(max(targetProofsPerDenomination, 0), 16)
        self.lockMintQuotes = lockMintQuotes
        self.requireDLEQ = requireDLEQ
        self.targetProofsPerDenomination = targetProofsPerDenomination
        self.restoreBatchSize = restoreBatchSize
        self.restoreGapLimit = restoreGapLimit
        self.pollInterval = pollInterval
        self.maxInputs = maxInputs
        self.subscriptionCheckInterval = max(subscriptionCheckInterval, .milliseconds(10))
        self.blindAuthBatch = min(max(blindAuthBatch, 1), 1000)
        self.blindAuthLowWater = min(max(blindAuthLowWater, 0), 1000)
        self.proofVerifiers = proofVerifiers
        self.signatureVerifiers = signatureVerifiers
        self.preparedHold = min(max(preparedHold, .milliseconds(1)), .seconds(86_400))
    }
}
