// BIP-32 — Hierarchical deterministic keys: derivation paths such as `m/129372'/0'/1'/2'/0`.

/// A BIP-32 path from the master key: a list of child indices, each hardened or normal.
package struct DerivationPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path: a child index below 2^31 and whether it is hardened.
    package struct Component: Sendable, Hashable, CustomStringConvertible {
        /// The index as BIP-32 serialises it: hardened indices have the top bit set.
        package let rawValue: UInt32

        /// The bit that marks a hardened index (2^31).
        package static let hardenedBit: UInt32 = 0x8000_0000

        /// A component from its serialised index (top bit = hardened). Every `UInt32` is a valid index.
        package init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// The hardened child `index'`.
        ///
        /// - Throws: ``CryptoError`` `.invalidDerivation` if `index` is 2^31 or more.
        package static func hardened(_ index: UInt32) throws(CryptoError) -> Component {
            guard index < hardenedBit else {
                throw CryptoError(.invalidDerivation, "a child index must be below 2^31")
            }
            return Component(rawValue: index | hardenedBit)
        }

        /// The normal (non-hardened) child `index`.
        ///
        /// - Throws: ``CryptoError`` `.invalidDerivation` if `index` is 2^31 or more.
        package static func normal(_ index: UInt32) throws(CryptoError) -> Component {
            guard index < hardenedBit else {
                throw CryptoError(.invalidDerivation, "a child index must be below 2^31")
            }
            return Component(rawValue: index)
        }

        /// Whether the child is derived from the parent's private key only.
        package var isHardened: Bool { rawValue & Self.hardenedBit != 0 }

        /// The index without the hardened bit.
        package var index: UInt32 { rawValue & ~Self.hardenedBit }

        package var description: String { isHardened ? "\(index)'" : "\(index)" }
    }

    /// BIP-32 stores depth in one byte.
    package static let maxDepth = 255

    /// The steps from the master key.
    package let components: [Component]

    /// A path of the given steps.
    ///
    /// - Throws: ``CryptoError`` `.invalidDerivation` for more than 255 steps.
    package init(components: [Component]) throws(CryptoError) {
        guard components.count <= Self.maxDepth else {
            throw CryptoError(.invalidDerivation, "a path has at most \(Self.maxDepth) steps")
        }
        self.components = components
    }

    /// Parses `m/a/b'/c…`, with `'`, `h` or `H` marking hardened steps; `m` alone is the master key.
    ///
    /// - Throws: ``CryptoError`` `.invalidDerivation` with a reason for: a missing `m` root, an empty step, a step
    ///   that is not a decimal number (signs, spaces and leading zeros are refused), an index of 2^31 or more, or a
    ///   path deeper than 255.
    package init(parsing text: String) throws(CryptoError) {
        var parts = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)[...]
        guard let root = parts.popFirst(), root.elementsEqual("m".utf8) else {
            throw CryptoError(.invalidDerivation, "a derivation path starts with \"m\"")
        }
        guard parts.count <= Self.maxDepth else {
            throw CryptoError(.invalidDerivation, "a path has at most \(Self.maxDepth) steps")
        }
        var components = [Component]()
        components.reserveCapacity(parts.count)
        for part in parts {
            components.append(try Self.parseComponent(part))
        }
        self.components = components
    }

    /// The path extended by one step.
    ///
    /// - Throws: ``CryptoError`` `.invalidDerivation` if the path would exceed 255 steps.
    package func appending(_ component: Component) throws(CryptoError) -> DerivationPath {
        try DerivationPath(components: components + [component])
    }

    /// The path in `m/…'/…` notation.
    package var description: String {
        (["m"] + components.map(\.description)).joined(separator: "/")
    }

    private static func parseComponent(_ part: Substring.UTF8View) throws(CryptoError) -> Component {
        var digits = part
        var hardened = false
        if let last = digits.last, last == UInt8(ascii: "'") || last == UInt8(ascii: "h") || last == UInt8(ascii: "H")
        {
            hardened = true
            digits = digits.dropLast()
        }
        guard !digits.isEmpty else {
            throw CryptoError(.invalidDerivation, "a derivation path step is empty")
        }
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            throw CryptoError(.invalidDerivation, "a derivation path step is not a decimal index")
        }
        guard digits.count == 1 || digits.first != UInt8(ascii: "0") else {
            throw CryptoError(.invalidDerivation, "a derivation path step has a leading zero")
        }
        var value: UInt64 = 0
        for digit in digits {
            value = value * 10 + UInt64(digit - UInt8(ascii: "0"))
            guard value < UInt64(Component.hardenedBit) else {
                throw CryptoError(.invalidDerivation, "a derivation path index must be below 2^31")
            }
        }
        let index = UInt32(value)
        return hardened ? Component(rawValue: index | Component.hardenedBit) : Component(rawValue: index)
    }
}
