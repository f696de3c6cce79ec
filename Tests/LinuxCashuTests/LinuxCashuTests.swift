// Smoke test of the LinuxCashu module.

import LinuxCashu
import Testing

@Suite("LinuxCashu")
struct LinuxCashuTests {
    @Test("The layer names itself")
    func name() {
        #expect(LinuxCashu.name == "cashu")
    }
}
