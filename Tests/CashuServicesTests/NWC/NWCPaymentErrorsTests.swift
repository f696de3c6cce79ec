// NIP-47 over the engine: only failures the engine guarantees left nothing spent release a payment's budget.

import CashuNostr
import CoreCashu
import Testing

@testable import CashuServices

@Suite("NIP-47 payment failures from the engine")
struct NWCPaymentErrorsTests {
    static let open = OperationID.random()

    @Test(
        "a melt failure proves nothing spent only without an open operation and with a definite code",
        arguments: [
            (WalletError(.insufficientFunds, "x"), NWCBackendError.Code.insufficientBalance),
            (WalletError(.mintRefused, "closed, proofs released"), .paymentFailed),
            (WalletError(.mintUnreachable, "first attempt never sent"), .paymentFailed),
            (WalletError(.alreadySpent, "refused, closed"), .paymentFailed),
            (WalletError(.pending, "in flight", operationID: open), .unavailable),
            (WalletError(.pending, "swap before the melt unsettled", operationID: open), .unavailable),
            (WalletError(.mintRefused, "refused, being checked", operationID: open), .unavailable),
            (WalletError(.quoteState, "the quote is paid"), .unavailable),
            (WalletError(.storage, "write failed"), .unavailable),
            (WalletError(.invalidMintResponse, "broken answer"), .unavailable),
        ])
    func melt(_ error: WalletError, _ expected: NWCBackendError.Code) {
        let mapped = NWCPaymentErrors.melt(error)
        #expect(mapped.code == expected)
        #expect(mapped.code.provesNothingSpent == (expected != .unavailable))
    }

    @Test("waiting: only the mint's refusal (payment failed, proofs released) is a failure")
    func wait() {
        let refused = WalletError(.mintRefused, "failed", operationID: Self.open)
        #expect(NWCPaymentErrors.wait(refused).code == .paymentFailed)
        #expect(NWCPaymentErrors.wait(WalletError(.invalidInput, "no open melt")).code == .unavailable)
        #expect(NWCPaymentErrors.wait(WalletError(.mintUnreachable, "down")).code == .unavailable)
    }

    @Test("a quote failure never counts as spent: refused is PAYMENT_FAILED, unreachable INTERNAL")
    func quote() {
        #expect(NWCPaymentErrors.quote(WalletError(.mintRefused, "no route")).code == .paymentFailed)
        #expect(NWCPaymentErrors.quote(WalletError(.mintUnreachable, "down")).code.responseCode == .internal)
        #expect(NWCPaymentErrors.quote(WalletError(.unknownMint, "gone")).code == .restricted)
    }
}
