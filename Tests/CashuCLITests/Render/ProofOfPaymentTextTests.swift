// Tests of ProofOfPaymentText: what `cashu pay` says for each proof-of-payment outcome.

import CoreCashu
import Testing

@testable import CashuCLI

@Suite("ProofOfPaymentText")
struct ProofOfPaymentTextTests {
    @Test func onlyAMismatchWarns() {
        #expect(ProofOfPaymentText.sentence(.verified) == "Preimage verified against the invoice.")
        for proof in ProofOfPayment.allCases {
            #expect(!ProofOfPaymentText.sentence(proof).isEmpty)
            #expect((ProofOfPaymentText.warning(proof, quoteID: "q1") != nil) == (proof == .mismatch))
        }
        #expect(ProofOfPaymentText.warning(.mismatch, quoteID: "q1")?.contains("q1") == true)
    }
}
