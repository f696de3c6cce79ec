// BIP-353 — human-readable Bitcoin payment instructions: `₿user@domain` is a DNS TXT record at
// `user.user._bitcoin-payment.domain`.

/// A BIP-353 address.
package struct BIP353Address: Hashable, Sendable, CustomStringConvertible {
    /// The user part (lower case).
    package let user: String
    /// The domain (lower case, no trailing dot).
    package let domain: String

    /// Parses `₿user@domain` (the `₿` is optional here; callers decide whether a bare `user@domain` is meant as
    /// BIP-353 or as a Lightning address).
    /// - Throws: ``PaymentInstructionError`` `.invalidAddress` unless both parts are DNS labels (letters, digits,
    ///   `-` and `_`; dots in the domain), at most 63 characters a label and 253 in all.
    package init(_ text: String) throws(PaymentInstructionError) {
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if body.hasPrefix("₿") { body = body.dropFirst() }
        let parts = body.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw PaymentInstructionError(.invalidAddress, "a BIP-353 address is ₿user@domain")
        }
        let user = parts[0].lowercased()
        var domain = parts[1].lowercased()
        if domain.hasSuffix(".") { domain.removeLast() }
        // Empty labels are refused, not skipped: `example..com` is no DNS name (and would print as another address).
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard Self.isLabel(user), labels.count >= 2, labels.allSatisfy(Self.isLabel),
            user.count + domain.count + "._bitcoin-payment..user".count <= 253
        else { throw PaymentInstructionError(.invalidAddress, "a BIP-353 address is ₿user@domain, DNS names only") }
        self.user = user
        self.domain = domain
    }

    /// The name whose TXT record holds the instructions.
    package var recordName: String { "\(user).user._bitcoin-payment.\(domain)" }

    package var description: String { "₿\(user)@\(domain)" }

    private static func isLabel(_ label: some StringProtocol) -> Bool {
        !label.isEmpty && label.utf8.count <= 63
            && label.utf8.allSatisfy { byte in
                (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
            }
    }
}
