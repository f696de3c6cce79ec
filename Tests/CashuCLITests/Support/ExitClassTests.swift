// Tests of ExitClass: the exit code table and the engine errors mapped onto it.

import CoreCashu
import Testing

@testable import CashuCLI

@Suite("ExitClass")
struct ExitClassTests {
    @Test("every class has its own exit code")
    func distinct() {
        #expect(Set(ExitClass.allCases.map(\.rawValue)).count == ExitClass.allCases.count)
        #expect(Set(ExitClass.allCases.map(\.name)).count == ExitClass.allCases.count)
    }

    @Test(
        "wallet error codes map to classes",
        arguments: [
            (WalletError.Code.invalidInput, ExitClass.input), (.unknownMint, .input), (.alreadySpent, .input),
            (.mintRefused, .mintRefused), (.unsupported, .mintRefused), (.quoteState, .mintRefused),
            (.insufficientFunds, .insufficientFunds), (.mintUnreachable, .mintUnreachable), (.pending, .pending),
            (.invalidMintResponse, .protocol), (.keysetMismatch, .protocol), (.storage, .storage),
            (.secureStore, .storage), (.crypto, .internal), (.cancelled, .interrupted),
        ]
    )
    func mapping(_ code: WalletError.Code, _ expected: ExitClass) {
        #expect(ExitClass(code) == expected)
        #expect(CLIError(wallet: WalletError(code, "x")).exitClass == expected)
    }

    @Test("a mint's refusal keeps its words and stays on one line")
    func mintWords() {
        let error = CLIError(
            wallet: WalletError(
                .mintRefused,
                "the mint refused /v1/swap",
                mintError: MintError(code: 11001, detail: "Token\nalready spent.")
            )
        )
        #expect(error.message == "the mint refused /v1/swap: Token already spent. (code 11001)")
        #expect(CLIError(wallet: WalletError(.pending, "no answer")).message.contains("cashu recover"))
    }
}
