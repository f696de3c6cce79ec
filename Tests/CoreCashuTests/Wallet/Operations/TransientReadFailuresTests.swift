// Tests of Wallet/Operations/TransientReadFailures: which refusals a wait sits out, and how many in a row.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("TransientReadFailures")
struct TransientReadFailuresTests {
    static func refused(_ endpoint: String, code: Int? = 0, detail: String = "database is locked") -> WalletError {
        let mintError = MintError(code: code, detail: detail)
        let failure = MintClientError(.mintRefused, endpoint: endpoint, "the mint refused", mintError: mintError)
        return WalletError.mint(failure)
    }

    static let statusRead = "GET /v1/mint/quote/bolt11/{quote_id}"

    @Test("a generic refusal of a status read is sat out up to the limit, then ends the wait")
    func limit() {
        let failures = TransientReadFailures()
        for count in 1...TransientReadFailures.limit {
            let tolerated = failures.tolerate(Self.refused(Self.statusRead))
            #expect(tolerated)
            #expect(failures.inARow == count)
        }
        let tolerated = failures.tolerate(Self.refused(Self.statusRead))
        #expect(!tolerated)
    }

    @Test("a successful check starts the count again")
    func reset() {
        let failures = TransientReadFailures()
        for _ in 1...TransientReadFailures.limit { _ = failures.tolerate(Self.refused(Self.statusRead)) }
        failures.reset()
        #expect(failures.inARow == 0)
        let tolerated = failures.tolerate(Self.refused(Self.statusRead))
        #expect(tolerated)
    }

    @Test("a refusal with no code at all is generic too")
    func noCode() {
        let failures = TransientReadFailures()
        let tolerated = failures.tolerate(Self.refused(Self.statusRead, code: nil))
        #expect(tolerated)
    }

    @Test(
        "never sat out: a refused write, a NUT error code, a wallet-side error",
        arguments: [
            refused("POST /v1/mint/bolt11"),
            refused("POST /v1/melt/bolt11"),
            refused(statusRead, code: 11001, detail: "Token already spent"),
            refused("GET /v1/melt/quote/bolt11/{quote_id}", code: 12001, detail: "keyset unknown"),
            WalletError(.invalidInput, "no mint quote with this id in the wallet"),
            WalletError(.quoteState, "the quote's invoice expired unpaid"),
        ])
    func notTolerated(_ error: WalletError) {
        let failures = TransientReadFailures()
        let tolerated = failures.tolerate(error)
        #expect(!tolerated)
        #expect(failures.inARow == 0)
    }
}
