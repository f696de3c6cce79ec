// NUT-07 — Token state check: building the request from proofs (Y = hash_to_curve(utf8(secret))).

extension CheckStateRequest {
    /// The request asking for the state of `proofs`, in their order.
    ///
    /// - Throws: ``CryptoError`` `.hashToCurveExhausted` in the (never observed) case a secret maps to no point.
    package init(proofs: [Proof]) throws(CryptoError) {
        var ys: [Point] = []
        ys.reserveCapacity(proofs.count)
        for proof in proofs { ys.append(try HashToCurve.point(secret: proof.secret)) }
        self.init(Ys: ys)
    }
}
