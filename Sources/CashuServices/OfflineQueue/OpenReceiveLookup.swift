// Offline queue: finds the wallet's still-open receive of a queued token in its journal, so the queue waits for
// that operation's recovery instead of starting a second receive of the same proofs.

import CoreCashu
import Foundation

/// Matches a token to an unfinished receive operation by the token's proof secrets.
///
/// The journal's payload is the wallet's own JSON and the store keeps it opaque, so the match does not decode it:
/// an open receive holds the token's proofs as its inputs, and each proof secret appears in the payload as a JSON
/// string. A secret is looked for in both spellings a JSON encoder may use (`/` escaped or not); all of the token's
/// secrets at the mint must appear. Secrets are random, so a match is that token.
struct OpenReceiveLookup {
    private let needles: [[[UInt8]]]

    /// The lookup for `token`'s proofs at `mint`; `nil` when the token cannot be read or holds none there.
    init?(token encoded: String, mint: MintURL) {
        guard let token = try? TokenDecoder.decode(encoded) else { return nil }
        let secrets = token.entries.filter { (try? MintURL($0.mint)) == mint }.flatMap(\.proofs).map(\.secret)
        guard !secrets.isEmpty else { return nil }
        var needles: [[[UInt8]]] = []
        for secret in secrets {
            guard let quoted = try? JSONEncoder().encode(secret), quoted.count >= 2 else { return nil }
            let escaped = Array(quoted.dropFirst().dropLast())
            let plain = Array(String(decoding: escaped, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/").utf8)
            needles.append(escaped == plain ? [escaped] : [escaped, plain])
        }
        self.needles = needles
    }

    /// The oldest unfinished receive in `operations` whose payload holds every secret; else the oldest holding any of
    /// them (a token too large for one swap is received in several parts, and a part that settled no longer holds
    /// its share), named by its group's first part, whose history line follows the whole receive.
    func find(in operations: [OperationRecord]) -> OperationID? {
        let open = operations.filter { $0.kind == .receive && $0.state.isUnfinished }
        if let whole = open.first(where: { operation in needles.allSatisfy { holds(operation, $0) } }) {
            return whole.id
        }
        guard let part = open.first(where: { operation in needles.contains { holds(operation, $0) } }) else {
            return nil
        }
        let hint = try? JSONDecoder().decode(GroupHint.self, from: Data(part.payload))
        return hint?.group?.leader ?? part.id
    }

    /// The part of a split receive's journal that names its group.
    private struct GroupHint: Decodable {
        struct Group: Decodable {
            var leader: OperationID
        }

        var group: Group?
    }

    private func holds(_ operation: OperationRecord, _ spellings: [[UInt8]]) -> Bool {
        spellings.contains { Self.contains(operation.payload, $0) }
    }

    /// Whether `needle` occurs in `haystack`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        let first = needle[0]
        var index = 0
        let last = haystack.count - needle.count
        while index <= last {
            if haystack[index] == first && haystack[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
