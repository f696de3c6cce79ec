// Test support: the edits a hostile mint makes to the blind signatures in its answers (for MintProxy.replaceBody).

import Foundation

/// The edits a hostile mint makes to the blind signatures of an answer: `signatures` for mint, swap and restore,
/// `change` for melt. A body without that array comes back unchanged.
package enum SignatureTampering: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The first signature claims twice its amount.
    case wrongAmount
    /// Two signatures trade places: the first two of equal amount when there are such (then only their DLEQ proofs
    /// tell), else the first two.
    case swapTwo
    /// The signatures in reverse order.
    case reversed
    /// The first signature's DLEQ `e` is another scalar.
    case corruptDLEQe
    /// The first signature's DLEQ `s` is another scalar.
    case corruptDLEQs
    /// The first signature names a keyset the mint does not have.
    case unknownKeyset
    /// The last signature is missing.
    case dropOne

    package typealias Signature = [String: Any]

    /// A keyset id no mint has.
    package static let unknownKeysetID = "00ffffffffffffff"

    package var description: String { rawValue }

    /// The proxy fault making this edit to the array under `key`.
    package func fault(_ key: String) -> MintProxyFault {
        switch self {
        case .wrongAmount:
            Self.edit(rawValue, key) { signatures in
                guard let amount = signatures.first?["amount"] as? Int else { return }
                signatures[0]["amount"] = amount * 2
            }
        case .swapTwo:
            Self.edit(rawValue, key) { signatures in
                guard signatures.count >= 2 else { return }
                let pair = Self.equalAmounts(signatures) ?? (0, 1)
                signatures.swapAt(pair.0, pair.1)
            }
        case .reversed:
            Self.edit(rawValue, key) { signatures in signatures.reverse() }
        case .corruptDLEQe, .corruptDLEQs:
            Self.edit(rawValue, key) { [field = self == .corruptDLEQe ? "e" : "s"] signatures in
                guard var dleq = signatures.first?["dleq"] as? [String: Any], let hex = dleq[field] as? String,
                    let last = hex.last
                else { return }
                dleq[field] = String(hex.dropLast()) + (last == "1" ? "2" : "1")
                signatures[0]["dleq"] = dleq
            }
        case .unknownKeyset:
            Self.edit(rawValue, key) { signatures in
                if !signatures.isEmpty { signatures[0]["id"] = Self.unknownKeysetID }
            }
        case .dropOne:
            Self.edit(rawValue, key) { signatures in
                if !signatures.isEmpty { signatures.removeLast() }
            }
        }
    }

    /// Indices of the first two signatures of equal amount.
    package static func equalAmounts(_ signatures: [Signature]) -> (Int, Int)? {
        let amounts = signatures.map { $0["amount"] as? Int ?? -1 }
        for i in amounts.indices {
            if let j = amounts.indices.first(where: { $0 > i && amounts[$0] == amounts[i] }) { return (i, j) }
        }
        return nil
    }

    /// Two signatures of equal amount trade places and every DLEQ proof is removed: nothing but a required DLEQ
    /// can tell. Only the DLEQ proofs go when no two amounts are equal.
    package static func swapEqualAmountsWithoutDLEQ(_ key: String = "signatures") -> MintProxyFault {
        edit("swap equal amounts, no DLEQ", key) { signatures in
            for index in signatures.indices { signatures[index]["dleq"] = nil }
            if let pair = equalAmounts(signatures) { signatures.swapAt(pair.0, pair.1) }
        }
    }

    /// A NUT-09 restore answer that leaves out its last output and that output's signature (still well-formed).
    package static func restoreOmitsOne() -> MintProxyFault {
        .replaceBody("restore omits one") { body in
            guard var object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
                var outputs = object["outputs"] as? [Any], var signatures = object["signatures"] as? [Any],
                !outputs.isEmpty, outputs.count == signatures.count
            else { return body }
            outputs.removeLast()
            signatures.removeLast()
            object["outputs"] = outputs
            object["signatures"] = signatures
            object["promises"] = nil
            return (try? JSONSerialization.data(withJSONObject: object)) ?? body
        }
    }

    /// A field of the answer set to `value` (e.g. a melt's `state`).
    package static func setField(_ field: String, to value: String) -> MintProxyFault {
        .replaceBody("\(field) = \(value)") { body in
            guard var object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else { return body }
            object[field] = value
            return (try? JSONSerialization.data(withJSONObject: object)) ?? body
        }
    }

    /// A ``MintProxyFault/replaceBody(_:_:)`` applying `change` to the array under `key`.
    package static func edit(_ label: String, _ key: String, _ change: @escaping @Sendable (inout [Signature]) -> Void)
        -> MintProxyFault
    {
        .replaceBody("\(label) of \(key)") { body in
            guard var object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
                var signatures = object[key] as? [Signature]
            else { return body }
            change(&signatures)
            object[key] = signatures
            return (try? JSONSerialization.data(withJSONObject: object)) ?? body
        }
    }
}
