// NUT-10/11/14 secrets and witnesses: the well-known secret, the spending conditions read from it, and the P2PK and
// HTLC witnesses, chosen by the first byte.

@testable import CashuEngine

extension FuzzTarget {
    static let secret = FuzzTarget(name: "secret") { input in
        guard let (choice, rest) = input.select(4) else { return }
        let text = rest.text
        switch choice {
        case 0:
            guard let parsed = try? WellKnownSecret.parse(text) else { return }
            _ = try? SpendingConditions(parsed)
            // The compact form we write for the same content reads back to the same content.
            let remade = WellKnownSecret.make(
                kind: parsed.kind, nonce: parsed.nonce, data: parsed.data, tags: parsed.tags)
            let reread = mustSucceed("parsing a secret we wrote") { try WellKnownSecret(parsing: remade.rawValue) }
            invariant(
                reread.hasSameCondition(as: parsed) && reread.nonce == parsed.nonce, "secret changed in a round trip")
            invariant(reread.rawValue == remade.rawValue, "a parsed secret does not keep its exact string")
        case 1:
            _ = try? SpendingConditions.parse(secret: text)
        case 2:
            guard let witness = try? P2PKWitness(parsing: text) else { return }
            let reread = mustSucceed("parsing a P2PK witness we wrote") { try P2PKWitness(parsing: witness.serialized) }
            invariant(reread == witness, "P2PK witness changed in a round trip")
            invariant(mustSucceed("witness bytes") { try witness.signatureBytes() }.count == witness.signatures.count,
                "P2PK witness signatures do not all decode")
        default:
            guard let witness = try? HTLCWitness(parsing: text) else { return }
            let reread = mustSucceed("parsing an HTLC witness we wrote") {
                try HTLCWitness(parsing: witness.serialized)
            }
            invariant(reread == witness, "HTLC witness changed in a round trip")
        }
    }
}
