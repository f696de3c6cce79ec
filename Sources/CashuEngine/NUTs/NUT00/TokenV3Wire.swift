// NUT-00 — Cryptography and models: the V3 token JSON as it appears on the wire, before validation.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The raw V3 token JSON: strings stay strings here; ``TokenV3Coding`` validates them into a ``Token``.
struct TokenV3Wire: Decodable {
    struct Entry: Decodable {
        let mint: String
        let proofs: [ProofWire]
    }

    struct ProofWire: Decodable {
        let amount: UInt64
        let id: String
        let secret: String
        let C: String
        let dleq: DLEQWire?
        let witness: String?
        let p2pkE: String?

        enum CodingKeys: String, CodingKey {
            case amount, id, secret, C, dleq, witness
            case p2pkE = "p2pk_e"
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            do {
                amount = try c.decode(UInt64.self, forKey: .amount)
            } catch {
                // The decoder reports any number outside UInt64 as corrupt data; say which kind of wrong it is.
                guard let value = try? c.decode(Double.self, forKey: .amount) else { throw error }
                if value >= 0x1p64 { throw EncodingFailure(.amountOverflow, "proof amount exceeds 2^63") }
                throw EncodingFailure(.invalidField, "proof amount is not an unsigned integer")
            }
            id = try c.decode(String.self, forKey: .id)
            secret = try c.decode(String.self, forKey: .secret)
            C = try c.decode(String.self, forKey: .C)
            dleq = try c.decodeIfPresent(DLEQWire.self, forKey: .dleq)
            witness = try c.decodeIfPresent(String.self, forKey: .witness)
            p2pkE = try c.decodeIfPresent(String.self, forKey: .p2pkE)
        }
    }

    struct DLEQWire: Decodable {
        let e: String
        let s: String
        let r: String
    }

    let token: [Entry]
    let unit: String?
    let memo: String?
}
