// BIP-353 DNS answers (RFC 1035 messages from a resolver) and the payment instructions read from them.

@testable import CashuEngine

extension FuzzTarget {
    /// The first two bytes are the query id the answer must match; the rest is the message.
    static let dns = FuzzTarget(name: "dns") { input in
        guard input.bytes.count >= 2 else { return }
        let id = UInt16(input.bytes[0]) << 8 | UInt16(input.bytes[1])
        guard let answer = try? DNSMessage.answer(Array(input.bytes.dropFirst(2)), id: id) else { return }
        let total = answer.texts.reduce(0) { $0 + $1.count }
        invariant(total <= input.bytes.count, "TXT records read more bytes than the message holds")
        for requireValidation in [false, true] {
            _ = try? PaymentInstructions.read(answer, requireValidation: requireValidation)
        }
    }
}
