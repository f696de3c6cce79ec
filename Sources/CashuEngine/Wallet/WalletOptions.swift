// Wallet: tunables of the wallet engine.

/// Options of a ``Wallet``, given to its initializer and fixed from then on (a front end reads none of them back).
/// A value out of its bounds is brought within them (a restore batch of 1 to 1000 outputs, a gap limit of at least
/// 1, at most 10,000 inputs, ...), whether the initializer gets it or the package sets a field later.
public struct WalletOptions: Sendable {
    /// Lock mint quotes with NUT-20 when the mint supports it.
    package var lockMintQuotes: Bool
    /// Refuse signatures that carry no NUT-12 DLEQ proof (they are always verified when present).
    package var requireDLEQ: Bool
    /// How many proofs of each denomination change outputs try to keep, so later sends rarely need a swap.
    package var targetProofsPerDenomination: Int {
        didSet { targetProofsPerDenomination = Bounds.targetProofsPerDenomination(targetProofsPerDenomination) }
    }
    /// NUT-09/13 restore: outputs per request.
    package var restoreBatchSize: Int { didSet { restoreBatchSize = Bounds.restoreBatchSize(restoreBatchSize) } }
    /// NUT-09/13 restore: consecutive empty batches after which a keyset is done.
    package var restoreGapLimit: Int { didSet { restoreGapLimit = Bounds.restoreGapLimit(restoreGapLimit) } }
    /// Polling interval while waiting for a mint quote to be paid.
    package var pollInterval: Duration
    /// The most inputs or outputs the wallet puts in one request (Nutshell refuses more than 1000).
    package var maxInputs: Int { didSet { maxInputs = Bounds.maxInputs(maxInputs) } }
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
    package var preparedHold: Duration {
        didSet { preparedHold = Bounds.preparedHold(preparedHold) }
    }

    /// Creates options; the defaults follow NUT-13 (restore batches of 100 that stop after 3 empty ones), lock mint
    /// quotes (NUT-20), check DLEQ proofs when the mint sends them, and hold a prepared operation for 10 minutes.
    /// A value out of its bounds is brought within them.
    /// - Parameters:
    ///   - lockMintQuotes: lock mint quotes with NUT-20 when the mint supports it.
    ///   - requireDLEQ: refuse signatures that carry no NUT-12 DLEQ proof (they are always verified when present).
    ///   - targetProofsPerDenomination: how many proofs of each denomination change outputs try to keep (0 to 16).
    ///   - restoreBatchSize: NUT-09/13 restore: outputs per request (1 to 1000).
    ///   - restoreGapLimit: NUT-09/13 restore: consecutive empty batches after which a keyset is done (at least 1).
    ///   - pollInterval: how often a wait for a mint quote's payment asks the mint.
    ///   - maxInputs: the most inputs or outputs in one request (1 to 10,000; Nutshell refuses more than 1000).
    ///   - preparedHold: how long a prepared operation holds its inputs unconfirmed before it releases them by itself.
    public init(
        lockMintQuotes: Bool = true, requireDLEQ: Bool = false, targetProofsPerDenomination: Int = 3,
        restoreBatchSize: Int = 100, restoreGapLimit: Int = 3, pollInterval: Duration = .milliseconds(500),
        maxInputs: Int = 1000, preparedHold: Duration = .seconds(600)
    ) {
        self.lockMintQuotes = lockMintQuotes
        self.requireDLEQ = requireDLEQ
        self.targetProofsPerDenomination = Bounds.targetProofsPerDenomination(targetProofsPerDenomination)
        self.restoreBatchSize = Bounds.restoreBatchSize(restoreBatchSize)
        self.restoreGapLimit = Bounds.restoreGapLimit(restoreGapLimit)
        self.pollInterval = pollInterval
        self.maxInputs = Bounds.maxInputs(maxInputs)
        subscriptionCheckInterval = .seconds(30)
        blindAuthBatch = 100
        blindAuthLowWater = 5
        proofVerifiers = []
        signatureVerifiers = []
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
