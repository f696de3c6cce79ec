// Tests of Untrusted: text from mints and tokens cannot drive the terminal.

import Testing

@testable import CashuCLI

@Suite("Untrusted")
struct UntrustedTests {
    @Test("escape sequences and control characters are neutralised; long text is cut")
    func display() {
        #expect(Untrusted.display("ok\u{1B}[2Jmemo\r\n") == "ok [2Jmemo  ")
        #expect(Untrusted.display(String(repeating: "x", count: 300)).count == 201)
        #expect(Untrusted.display("café ☕") == "café ☕")
    }
}
