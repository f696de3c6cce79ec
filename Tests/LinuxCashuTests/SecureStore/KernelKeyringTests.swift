// Tests of KernelKeyring against the real kernel keyring (the test process's session keyring): add, read, replace,
// expire, remove.

import CoreCashu
import Foundation
import Testing

@testable import LinuxCashu

@Suite("KernelKeyring")
struct KernelKeyringTests {
    static func name() -> String { "cashu-test:\(UUID().uuidString)" }

    @Test("a key is read back, replaced by a second add, and gone once removed")
    func addReadReplaceRemove() throws {
        let name = Self.name()
        #expect(try KernelKeyring.read(name) == nil)
        try KernelKeyring.add(name, payload: SecureBytes([1, 2, 3]), timeout: .seconds(60))
        #expect(try KernelKeyring.read(name)?.exposedSecretBytes == [1, 2, 3])
        try KernelKeyring.add(name, payload: SecureBytes([4, 5]), timeout: .seconds(60))
        #expect(try KernelKeyring.read(name)?.exposedSecretBytes == [4, 5])
        #expect(try KernelKeyring.remove(name))
        #expect(try KernelKeyring.read(name) == nil)
        #expect(try !KernelKeyring.remove(name))
    }

    @Test("a key expires after its timeout")
    func expires() async throws {
        let name = Self.name()
        try KernelKeyring.add(name, payload: SecureBytes([9]), timeout: .seconds(1))
        #expect(try KernelKeyring.read(name) != nil)
        try await Task.sleep(for: .milliseconds(2100))
        #expect(try KernelKeyring.read(name) == nil)
        _ = try? KernelKeyring.remove(name)
    }
}
