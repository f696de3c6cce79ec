// NUT-00 — Cryptography and models: a non-throwing parse of a compressed point for hash_to_curve's inner loop.

internal import CSecp256k1

extension Point {
    /// Parses 33 compressed bytes, or `nil` if x has no point; hash_to_curve expects about one miss per call,
    /// so the miss must cost no error value.
    init?(liftingCompressed bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 33, let base = bytes.baseAddress, base[0] == 0x02 || base[0] == 0x03 else { return nil }
        var key = secp256k1_pubkey()
        guard secp256k1_ec_pubkey_parse(Secp256k1Context.shared.raw, &key, base, 33) == 1 else { return nil }
        self.init(raw: key)
    }
}
