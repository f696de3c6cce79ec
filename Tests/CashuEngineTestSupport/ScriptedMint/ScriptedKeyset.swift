// Test support: one keyset of a ScriptedMint — deterministic private keys, their public keys, id, unit, fee, state.

import CashuEngine
import Crypto

/// A keyset of a ``ScriptedMint``: keys for amounts 1, 2, 4, …, 2^20 whose private keys are derived from the mint's
/// URL (SHA-256 of `scripted-mint/<url>/<amount>` for the first keyset, `scripted-mint/<url>/k<n>/<amount>` for the
/// n-th rotation), and a v1 id recomputed from the public keys (as the wallet verifies it).
package struct ScriptedKeyset: Sendable {
    /// The amounts every scripted keyset has keys for.
    package static let amounts: [UInt64] = (0...20).map { UInt64(1) << UInt64($0) }

    /// The keyset id (v1, `00` + 7 bytes of SHA-256 over the keys).
    package let id: KeysetID
    /// The unit of its amounts.
    package let unit: CurrencyUnit
    /// Whether the mint signs new outputs with it.
    package internal(set) var active: Bool
    /// NUT-02 fee per input, in parts per thousand.
    package let inputFeePPK: UInt64
    /// The public keys by amount.
    package let keys: KeysetKeys
    /// The private keys by amount.
    let privateKeys: [UInt64: Scalar]

    /// Derives the keyset number `index` (0 for the first) of the mint at `url`.
    init(url: MintURL, index: Int, unit: CurrencyUnit, inputFeePPK: UInt64) {
        var privateKeys: [UInt64: Scalar] = [:]
        var publicKeys: [UInt64: Point] = [:]
        for amount in Self.amounts {
            let prefix = index == 0 ? "scripted-mint/\(url.rawValue)" : "scripted-mint/\(url.rawValue)/k\(index)"
            let label = "\(prefix)/\(amount)"
            // A SHA-256 digest reduces to zero with probability ~2^-256: not a case a test meets.
            let key = try! Scalar(reducing: Array(SHA256.hash(data: Array(label.utf8))))
            privateKeys[amount] = key
            publicKeys[amount] = key.publicKey
        }
        let keys = try! KeysetKeys(publicKeys)
        self.keys = keys
        self.id = try! KeysetID.v1(keys: keys)
        self.unit = unit
        self.active = true
        self.inputFeePPK = inputFeePPK
        self.privateKeys = privateKeys
    }

    /// The keyset as `GET /v1/keys` returns it.
    var mintKeyset: MintKeyset {
        MintKeyset(id: id, unit: unit, active: active, inputFeePPK: inputFeePPK, keys: keys)
    }

    /// The keyset as `GET /v1/keysets` lists it.
    var info: KeysetInfo {
        KeysetInfo(id: id, unit: unit, active: active, inputFeePPK: inputFeePPK)
    }
}
