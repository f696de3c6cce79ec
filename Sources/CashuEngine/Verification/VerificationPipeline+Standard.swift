// Verification: the wallet's standard pipelines — received proofs (NUT-00/02/12), a mint's signatures (NUT-00/12).

extension VerificationPipeline where Item == Proof {
    /// The checks of a received token's proofs: keys for every keyset and amount, then DLEQ proofs; `extra` after.
    /// (Keyset ids, unit and duplicates are settled before, when the token's proofs are resolved against the mint.)
    package static func receivedProofs(adding extra: [any Verifier<Proof>] = []) -> Self {
        Self {
            ProofKeyVerifier()
            ProofDLEQVerifier()
            extra
        }
    }
}

extension VerificationPipeline where Item == SignedOutput {
    /// The checks of a mint's signatures: each answers its output with a key the wallet has, then DLEQ proofs;
    /// `extra` after.
    package static func mintSignatures(adding extra: [any Verifier<SignedOutput>] = []) -> Self {
        Self {
            SignatureKeyVerifier()
            SignatureDLEQVerifier()
            extra
        }
    }
}
