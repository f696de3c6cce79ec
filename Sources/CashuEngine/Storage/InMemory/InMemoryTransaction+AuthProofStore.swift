// Storage: the NUT-22 blind auth token pool in an in-memory wallet store.

extension InMemoryTransaction: AuthProofStore {
    func addAuthProofs(_ proofs: [StoredAuthProof]) throws {
        try requireWritable("addAuthProofs")
        var secrets = Set(state.authProofs.map(\.value.proof.secret))
        for proof in proofs where secrets.insert(proof.proof.secret).inserted {
            state.authProofs.append(Sequenced(value: proof, sequence: state.takeSequence()))
        }
    }

    func takeAuthProof(mintURL: MintURL) throws -> StoredAuthProof? {
        try requireWritable("takeAuthProof")
        guard let index = state.authProofs.indices.filter({ state.authProofs[$0].value.mintURL == mintURL })
            .min(by: { (state.authProofs[$0].value.createdAt, state.authProofs[$0].sequence)
                < (state.authProofs[$1].value.createdAt, state.authProofs[$1].sequence) })
        else { return nil }
        return state.authProofs.remove(at: index).value
    }

    func authProofCount(mintURL: MintURL) throws -> Int {
        state.authProofs.count { $0.value.mintURL == mintURL }
    }

    func removeAuthProofs(mintURL: MintURL) throws -> Int {
        try requireWritable("removeAuthProofs")
        let before = state.authProofs.count
        state.authProofs.removeAll { $0.value.mintURL == mintURL }
        return before - state.authProofs.count
    }
}
