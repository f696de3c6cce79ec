// CoreCashu — a CBOR encoder with definite lengths and shortest-form integers (tokens V4, NUT-00; NUT-18).

/// Encodes ``CBORValue`` items the way Cashu's published vectors do: definite lengths, shortest integer forms, map
/// entries in the order given.
package enum CBOREncoder {
    /// The encoding of `value`.
    package static func encode(_ value: CBORValue) -> [UInt8] {
        var out: [UInt8] = []
        append(value, to: &out)
        return out
    }

    /// Appends the encoding of `value` to `out`.
    package static func append(_ value: CBORValue, to out: inout [UInt8]) {
        switch value {
        case .unsigned(let n): head(0, n, &out)
        case .negative(let n): head(1, n, &out)
        case .bytes(let b):
            head(2, UInt64(b.count), &out)
            out.append(contentsOf: b)
        case .text(let s):
            head(3, UInt64(s.utf8.count), &out)
            out.append(contentsOf: s.utf8)
        case .array(let items):
            head(4, UInt64(items.count), &out)
            for item in items { append(item, to: &out) }
        case .map(let entries):
            head(5, UInt64(entries.count), &out)
            for entry in entries {
                append(entry.key, to: &out)
                append(entry.value, to: &out)
            }
        case .bool(let b): out.append(b ? 0xf5 : 0xf4)
        case .null: out.append(0xf6)
        case .undefined: out.append(0xf7)
        case .float(let d):
            out.append(0xfb)
            let bits = d.bitPattern
            for shift in stride(from: 56, through: 0, by: -8) {
                out.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
            }
        }
    }

    private static func head(_ major: UInt8, _ argument: UInt64, _ out: inout [UInt8]) {
        let m = major << 5
        switch argument {
        case 0..<24:
            out.append(m | UInt8(argument))
        case 24...0xff:
            out.append(m | 24)
            out.append(UInt8(argument))
        case 0x100...0xffff:
            out.append(m | 25)
            out.append(UInt8(argument >> 8))
            out.append(UInt8(truncatingIfNeeded: argument))
        case 0x10000...0xffff_ffff:
            out.append(m | 26)
            for shift in [24, 16, 8, 0] { out.append(UInt8(truncatingIfNeeded: argument >> UInt64(shift))) }
        default:
            out.append(m | 27)
            for shift in stride(from: 56, through: 0, by: -8) {
                out.append(UInt8(truncatingIfNeeded: argument >> UInt64(shift)))
            }
        }
    }
}
