// Tests of Storage/Sealing/RecordSealer.swift: AES-GCM sealing bound to a record, generations, keyed tags.

import Foundation
import Testing

@testable import CashuEngine

@Suite("RecordSealer")
struct RecordSealerTests {
    static let seed = SecureBytes(Array(0..<64).map { UInt8($0) })
    static let sealer = RecordSealer(seed: seed, generation: 0)

    @Test("sealed bytes open for their record only, and say their generation")
    func roundTripBoundToTheRecord() throws {
        let plaintext = Array("a proof secret".utf8)
        let sealed = try Self.sealer.seal(plaintext, context: "proofs:02aa")
        #expect(try Self.sealer.open(sealed, context: "proofs:02aa") == plaintext)
        #expect(RecordSealer.generation(of: sealed) == 0)
        #expect(sealed.count == 3 + 4 + 12 + plaintext.count + 16)
        #expect(!sealed.containsSubsequence(plaintext))
        expectCorrupt { try Self.sealer.open(sealed, context: "proofs:02ab") }
        var changed = sealed
        changed[changed.count - 1] ^= 1
        expectCorrupt { try Self.sealer.open(changed, context: "proofs:02aa") }
        expectCorrupt { try Self.sealer.open(Array(sealed.prefix(20)), context: "proofs:02aa") }
        expectCorrupt { try Self.sealer.open(plaintext, context: "proofs:02aa") }
    }

    @Test("every generation opens with the same seed; another seed opens none")
    func generations() throws {
        let next = Self.sealer.sealing(with: 7)
        let sealed = try next.seal([1, 2, 3], context: "x")
        #expect(RecordSealer.generation(of: sealed) == 7)
        #expect(try Self.sealer.open(sealed, context: "x") == [1, 2, 3])
        #expect(try RecordSealer(seed: Self.seed, generation: 3).open(sealed, context: "x") == [1, 2, 3])
        let stranger = RecordSealer(seed: SecureBytes(Array(repeating: 9, count: 64)), generation: 7)
        expectCorrupt { try stranger.open(sealed, context: "x") }
        // Each seal draws a fresh nonce.
        #expect(try next.seal([1, 2, 3], context: "x") != sealed)
    }

    @Test("tags are stable across generations, differ by domain and seed, and hide the value")
    func tags() {
        let tag = Self.sealer.tag("quote-1", domain: "mint quote id")
        #expect(tag.count == 65 && tag.hasPrefix("h") && !tag.contains("quote-1"))
        #expect(Self.sealer.sealing(with: 4).tag("quote-1", domain: "mint quote id") == tag)
        #expect(Self.sealer.tag("quote-1", domain: "auth secret") != tag)
        #expect(Self.sealer.tag("quote-2", domain: "mint quote id") != tag)
        #expect(RecordSealer(seed: SecureBytes([1]), generation: 0).tag("quote-1", domain: "mint quote id") != tag)
    }

    func expectCorrupt(sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> some Any) {
        do {
            _ = try body()
            Issue.record("opened", sourceLocation: sourceLocation)
        } catch let error as StorageError {
            #expect(error.code == .corrupt, sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs in these bytes.
    func containsSubsequence(_ needle: [UInt8]) -> Bool {
        needle.isEmpty || Data(self).range(of: Data(needle)) != nil
    }
}
