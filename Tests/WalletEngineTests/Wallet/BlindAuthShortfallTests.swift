// Tests of Wallet.blindAuthShortfall: a protected request that got no blind auth token says "log in" only when the
// login is the problem; every other shortfall is a definite "unreachable" a caller retries.

import Testing

@testable import CashuEngine

@Suite("NUT-22 token shortfall")
struct BlindAuthShortfallTests {
    static func refused(_ code: Int) -> WalletError {
        WalletError.mint(
            MintClientError(
                .mintRefused, endpoint: "POST /v1/auth/blind/mint", "refused",
                mintError: MintError(code: code, detail: "refused")))
    }

    @Test("a missing or refused login: authenticationRequired", arguments: [30001, 30002, 31001, 31002])
    func login(_ code: Int) {
        let error = Wallet.blindAuthShortfall(Self.refused(code))
        #expect(error.code == .authenticationRequired && error.isDefinite)
        #expect(error.mintError?.code == code)
    }

    @Test("the mint's limits, a mint out of reach, no answer, an empty pool: unreachable, never 'log in'")
    func notLogin() {
        let cases: [WalletError?] = [
            Self.refused(31003), Self.refused(31004), nil,
            WalletError.mint(MintClientError(.unreachable, endpoint: "POST /v1/auth/blind/mint", "refused")),
            WalletError.mint(MintClientError(.timeout, endpoint: "POST /v1/auth/blind/mint", "slow")),
        ]
        for shortfall in cases {
            let error = Wallet.blindAuthShortfall(shortfall)
            #expect(error.code == .unreachable && error.isDefinite, "\(String(describing: shortfall))")
        }
    }
}
