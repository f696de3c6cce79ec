// Test support: everything a ScriptedMint holds, kept in one Locked; the endpoint logic lives in its extensions.

import CashuEngine
import Foundation

/// The state of a ``ScriptedMint``. Every endpoint runs as one mutation of it under the mint's lock, so each call is
/// atomic: a refused call changes nothing.
struct ScriptedMintState: Sendable {
    let url: MintURL
    let unit: CurrencyUnit
    let inputFeePPK: UInt64
    var feeReserve: UInt64
    var nuts: Set<Int>
    /// Every keyset, oldest first; the last one is active.
    var keysets: [ScriptedKeyset]
    /// Proofs the mint knows as `SPENT` or `PENDING`, by `Y`; any other `Y` is `UNSPENT`.
    var proofStates: [CompressedPoint: ProofState.State] = [:]
    /// Every signature the mint made, by the `B_` it signed (NUT-09 restore, NUT-03 "outputs already signed").
    var signed: [Point: BlindSignature] = [:]
    var mintQuotes: [String: ScriptedMintQuote] = [:]
    var meltQuotes: [String: ScriptedMeltQuote] = [:]
    var autoPayMintQuotes = true
    var meltBehaviour: MeltBehaviour = .pay()
    var verifiesSpendingConditions = true
    /// The NUT-20 messages a quote signature may be made over (Nutshell 0.21.0 takes both; CDK 0.17 only legacy).
    var quoteSignatureSchemes: Set<MintQuoteSignature.Scheme> = [.hardened, .legacy]
    /// Faults consumed one per call, in order, per endpoint.
    var faults: [ScriptedEndpoint: [ScriptedFault]] = [:]
    /// Faults applied to every call of an endpoint once its queue is empty.
    var alwaysFaults: [ScriptedEndpoint: ScriptedFault] = [:]
    /// Every call, in arrival order.
    var requests: [ScriptedEndpoint] = []
    /// NUT-19 cached answers (only while ``nuts`` holds 19).
    var swapCache: [SwapRequest: SwapResponse] = [:]
    var mintCache: [MintRequest: MintResponse] = [:]
    var meltCache: [MeltRequest: MeltQuoteResponse] = [:]

    /// The most inputs, or outputs, one request may carry (Nutshell's default).
    /// NUT-06 `max_array_length`: the most items in any array of a request (advertised and enforced).
    var maxArrayLength = 1000
    /// How long quotes stay valid, in seconds.
    static let quoteLifetime: UInt64 = 3600

    init(url: MintURL, unit: CurrencyUnit, inputFeePPK: UInt64, feeReserve: UInt64, nuts: Set<Int>) {
        self.url = url
        self.unit = unit
        self.inputFeePPK = inputFeePPK
        self.feeReserve = feeReserve
        self.nuts = nuts
        self.keysets = [ScriptedKeyset(url: url, index: 0, unit: unit, inputFeePPK: inputFeePPK)]
    }

    /// The current Unix time.
    static var now: UInt64 { UInt64(Date().timeIntervalSince1970) }

    /// The next scripted fault of `endpoint`, consumed, else its standing fault.
    mutating func nextFault(_ endpoint: ScriptedEndpoint) -> ScriptedFault? {
        if var queue = faults[endpoint], !queue.isEmpty {
            let fault = queue.removeFirst()
            faults[endpoint] = queue
            return fault
        }
        return alwaysFaults[endpoint]
    }

    /// The active keyset (the newest).
    var activeKeyset: ScriptedKeyset {
        keysets.last { $0.active } ?? keysets[keysets.count - 1]
    }

    /// Adds a new active keyset; the others become inactive.
    mutating func rotateKeyset() {
        for index in keysets.indices { keysets[index].active = false }
        keysets.append(ScriptedKeyset(url: url, index: keysets.count, unit: unit, inputFeePPK: inputFeePPK))
    }

    /// The keyset an id (full, or a short v2 id) designates.
    func keyset(_ id: KeysetID) -> ScriptedKeyset? {
        if let found = keysets.first(where: { $0.id == id }) { return found }
        guard let full = try? id.resolve(among: keysets.map(\.id)) else { return nil }
        return keysets.first { $0.id == full }
    }

    /// The state of a proof by its `Y`.
    func state(of Y: CompressedPoint) -> ProofState.State {
        proofStates[Y] ?? .unspent
    }

    /// A NUT-00 refusal with a known code.
    static func refusal(_ code: MintError.KnownCode, _ detail: String) -> MintError {
        MintError(code: code.rawValue, detail: detail)
    }
}
