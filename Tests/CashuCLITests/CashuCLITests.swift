// End-to-end tests of the `cashu` binary.

import Testing

@Suite("cashu")
struct CashuCLITests {
    @Test("placeholder")
    func placeholder() {}
}
