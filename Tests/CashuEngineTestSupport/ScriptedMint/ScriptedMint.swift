// Test support: a scripted in-memory Cashu mint for testing the wallet engine with no mint, network or file.

import CashuEngine

/// An in-memory Cashu mint that the wallet engine talks to through ``connector()`` / ``connectorFactory``.
///
/// It behaves like Nutshell with its FakeWallet backend: one active keyset (keys 1 … 2^20, v1 id), BDHKE signatures
/// with NUT-12 DLEQ proofs on every output, NUT-02 input fees, NUT-04 quotes (paid at once unless
/// ``autoPayMintQuotes`` is off) with NUT-20 locks, NUT-05 melts with NUT-08 change, NUT-07 states, NUT-09 restore,
/// NUT-29 batch minting, NUT-19 cached answers when `nuts` holds 19, and the NUT error codes Nutshell refuses with.
/// NUT-11/14 spending conditions are verified with CoreCashu's ``SpendingConditionVerifier`` (switch off with
/// ``verifiesSpendingConditions``).
///
/// Faults are scripted per endpoint (``script(_:_:)``, ``scriptAlways(_:_:)``); every call is logged
/// (``requests``). All state sits in one `Locked`, and each call's work happens in one critical section, so a call
/// either happens entirely or not at all, and two calls never interleave halfway.
package final class ScriptedMint: Sendable {
    /// The URL of a mint made with the default arguments.
    package static let defaultURL: MintURL = {
        guard let url = try? MintURL("https://scripted-mint.test") else { preconditionFailure("invalid default URL") }
        return url
    }()

    /// The NUTs a mint advertises by default.
    package static let defaultNUTs: Set<Int> = [4, 5, 7, 8, 9, 10, 11, 12, 14, 20]

    /// The mint's URL (its connectors answer for it alone).
    package let url: MintURL
    /// The unit of its keysets and quotes.
    package let unit: CurrencyUnit
    let state: Locked<ScriptedMintState>

    /// Creates a mint with one active keyset.
    /// - Parameters:
    ///   - url: its URL; also what its private keys are derived from, so two mints need two URLs.
    ///   - unit: the unit of its keysets and quotes.
    ///   - inputFeePPK: NUT-02 fee per input of every keyset, in parts per thousand.
    ///   - feeReserve: the Lightning fee reserve of every melt quote.
    ///   - nuts: the NUTs ``MintInfo`` advertises (19 also turns on NUT-19 cached answers for swap, mint, melt).
    package init(
        url: MintURL = ScriptedMint.defaultURL, unit: CurrencyUnit = .sat, inputFeePPK: UInt64 = 0,
        feeReserve: UInt64 = 2, nuts: Set<Int> = ScriptedMint.defaultNUTs
    ) {
        self.url = url
        self.unit = unit
        self.state = Locked(
            ScriptedMintState(url: url, unit: unit, inputFeePPK: inputFeePPK, feeReserve: feeReserve, nuts: nuts))
    }

    /// Creates a mint at `https://<host>` (a convenience for tests with several mints).
    package convenience init(
        host: String, unit: CurrencyUnit = .sat, inputFeePPK: UInt64 = 0, feeReserve: UInt64 = 2,
        nuts: Set<Int> = ScriptedMint.defaultNUTs
    ) {
        guard let url = try? MintURL("https://\(host)") else { preconditionFailure("invalid host \(host)") }
        self.init(url: url, unit: unit, inputFeePPK: inputFeePPK, feeReserve: feeReserve, nuts: nuts)
    }

    // MARK: Connectors

    /// A connector to this mint.
    package func connector() -> any MintConnector {
        ScriptedMintConnector(mint: self, mintURL: url)
    }

    /// A connector factory for `Wallet.open`: this mint's connector for its URL; for any other URL, a connector
    /// whose every call fails with `.unreachable`.
    package var connectorFactory: @Sendable (MintURL) -> any MintConnector {
        { [self] requested in ScriptedMintConnector(mint: requested == url ? self : nil, mintURL: requested) }
    }

    // MARK: Faults and the request log

    /// Queues faults for the next calls of `endpoint`, one per call, in order (after any already queued).
    package func script(_ endpoint: ScriptedEndpoint, _ faults: ScriptedFault...) {
        state.withLock { $0.faults[endpoint, default: []].append(contentsOf: faults) }
    }

    /// Applies `fault` to every call of `endpoint` whose queue (``script(_:_:)``) is empty; `nil` clears it.
    package func scriptAlways(_ endpoint: ScriptedEndpoint, _ fault: ScriptedFault?) {
        state.withLock { $0.alwaysFaults[endpoint] = fault }
    }

    /// Removes every queued and standing fault.
    package func clearScripts() {
        state.withLock { state in
            state.faults = [:]
            state.alwaysFaults = [:]
        }
    }

    /// How many queued faults of `endpoint` have not been consumed yet.
    package func pendingFaults(_ endpoint: ScriptedEndpoint) -> Int {
        state.withLock { $0.faults[endpoint]?.count ?? 0 }
    }

    /// Every call made to this mint, in arrival order (faulted ones included).
    package var requests: [ScriptedEndpoint] { state.withLock { $0.requests } }

    /// How many calls `endpoint` received.
    package func count(_ endpoint: ScriptedEndpoint) -> Int {
        state.withLock { $0.requests.lazy.filter { $0 == endpoint }.count }
    }

    /// Empties the request log.
    package func clearRequests() {
        state.withLock { $0.requests = [] }
    }

    // MARK: Configuration

    /// The NUTs the mint advertises (changes show in the next `info` answer).
    package var nuts: Set<Int> {
        get { state.withLock { $0.nuts } }
        set { state.withLock { $0.nuts = newValue } }
    }

    /// The fee reserve of new melt quotes.
    package var feeReserve: UInt64 {
        get { state.withLock { $0.feeReserve } }
        set { state.withLock { $0.feeReserve = newValue } }
    }

    /// NUT-06 `max_array_length`, advertised in `info` and enforced on every request's arrays (default 1000).
    package var maxArrayLength: Int {
        get { state.withLock { $0.maxArrayLength } }
        set { state.withLock { $0.maxArrayLength = newValue } }
    }

    /// The NUT-20 messages the mint accepts a quote signature over (default both, as Nutshell 0.21.0).
    package var quoteSignatureSchemes: Set<MintQuoteSignature.Scheme> {
        get { state.withLock { $0.quoteSignatureSchemes } }
        set { state.withLock { $0.quoteSignatureSchemes = newValue } }
    }

    /// Whether NUT-11/14 witnesses are verified (default `true`); `false` accepts locked inputs unchecked.
    package var verifiesSpendingConditions: Bool {
        get { state.withLock { $0.verifiesSpendingConditions } }
        set { state.withLock { $0.verifiesSpendingConditions = newValue } }
    }

    // MARK: Keysets

    /// Every keyset, oldest first.
    package var keysets: [ScriptedKeyset] { state.withLock { $0.keysets } }

    /// The keyset new outputs are signed with.
    package var activeKeyset: ScriptedKeyset { state.withLock { $0.activeKeyset } }

    /// Adds a new active keyset; the old ones become inactive (their proofs are still accepted as inputs).
    package func rotateKeyset() {
        state.withLock { $0.rotateKeyset() }
    }
}
