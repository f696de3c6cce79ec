// Tests of Crypto/SecureBytes.swift: contents, equality and redaction.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("SecureBytes")
struct SecureBytesTests {
    @Test func holdsAndCopiesBytes() {
        let source: [UInt8] = [1, 2, 3, 4, 5]
        let secret = SecureBytes(source)
        #expect(secret.count == 5)
        #expect(secret.exposedSecretBytes == source)
        #expect(secret.withUnsafeBytes { Array($0) } == source)
        #expect(SecureBytes(source[1...]).exposedSecretBytes == [2, 3, 4, 5])
    }

    @Test func zeroFilledAndEmpty() {
        #expect(SecureBytes(count: 4).exposedSecretBytes == [0, 0, 0, 0])
        let empty = SecureBytes([UInt8]())
        #expect(empty.count == 0)
        #expect(empty.exposedSecretBytes.isEmpty)
        #expect(SecureBytes.random(count: 0).count == 0)
    }

    @Test func randomHasTheRequestedLength() {
        for count in [1, 7, 8, 9, 32, 33, 64] {
            #expect(SecureBytes.random(count: count).count == count)
        }
        #expect(SecureBytes.random(count: 32) != SecureBytes.random(count: 32))
    }

    @Test func comparesByContent() {
        #expect(SecureBytes([1, 2, 3]) == SecureBytes([1, 2, 3]))
        #expect(SecureBytes([1, 2, 3]) != SecureBytes([1, 2, 4]))
        #expect(SecureBytes([1, 2, 3]) != SecureBytes([1, 2]))
        #expect(SecureBytes([]) == SecureBytes(count: 0))
        #expect(Set([SecureBytes([9, 9]), SecureBytes([9, 9])]).count == 1)
    }

    @Test func neverPrintsItsBytes() {
        let secret = SecureBytes([0xde, 0xad, 0xbe, 0xef])
        #expect(secret.description == "<redacted>")
        #expect("\(secret)" == "<redacted>")
        #expect(String(reflecting: secret) == "SecureBytes(<redacted 4 bytes>)")
        #expect(!String(describing: [secret]).contains("222"))
    }
}

@Suite("SecureBytes sizes")
struct SecureBytesSizeTests {
    @Test("a negative count gives an empty buffer, not a trap")
    func negativeCount() {
        #expect(SecureBytes(count: -5).count == 0)
        #expect(SecureBytes.random(count: -1).count == 0)
    }
}
