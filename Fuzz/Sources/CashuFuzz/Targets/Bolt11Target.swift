// NUT-23 BOLT-11 invoices: raw text, or a human-readable part and 5-bit data wrapped in a valid bech32 checksum so
// that the fuzzer reaches the tagged fields.

@testable import CashuEngine

extension FuzzTarget {
    /// First byte even: the rest is an invoice's text. Odd: the bytes up to the first 0x00 follow `ln` in the
    /// human-readable part (`bc2500u`), each byte after it is one 5-bit group (low bits).
    static let bolt11 = FuzzTarget(name: "bolt11") { input in
        guard let (choice, rest) = input.select(2) else { return }
        let text: String
        if choice == 0 {
            text = rest.text
        } else {
            let split = rest.bytes.firstIndex(of: 0) ?? rest.bytes.endIndex
            let hrp = "ln" + String(decoding: rest.bytes[..<split], as: UTF8.self)
            let data = rest.bytes[split...].dropFirst().map { $0 & 31 }
            guard let encoded = try? Bech32.encode(hrp: hrp, data: data, variant: .bech32) else { return }
            text = encoded
        }
        guard let invoice = try? Bolt11Invoice(text) else { return }
        invariant(invoice.paymentHash.count == 32, "a decoded invoice's payment hash is not 32 bytes")
        invariant(invoice.descriptionHash.map { $0.count == 32 } ?? true, "a description hash is not 32 bytes")
        invariant(invoice.expiresAt >= invoice.timestamp, "an invoice expires before it was made")
        invariant(
            Bolt11Amount.millisatoshis(text) == invoice.amountMillisatoshis,
            "Bolt11Amount and Bolt11Invoice read different amounts")
    }
}
