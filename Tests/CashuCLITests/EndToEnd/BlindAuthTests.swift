// End to end: `cashu` against a real Nutshell mint that wants a NUT-22 blind auth token on every mint, swap and melt
// — refused with exit 77 before login; login fills the token pool; commands spend tokens; status counts them; the
// tokens outlive a logout.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu with blind auth tokens", .serialized, .timeLimit(.minutes(3)))
struct BlindAuthTests {
    static let servers = Task { () throws -> (TestAuthProvider, TestMint) in
        let provider = try await TestAuthProvider.start()
        let mint = try await provider.mint(blindPaths: [
            ["POST", "/v1/swap"], ["POST", "/v1/mint/quote/bolt11"], ["POST", "/v1/mint/bolt11"],
            ["POST", "/v1/melt/bolt11"],
        ])
        return (provider, mint)
    }

    @Test("77 before login; login mints the pool; mint and send spend from it; the pool outlives logout")
    func blindAuthPool() async throws {
        let (provider, mint) = try await Self.servers.value
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("mints", "add", mint.url.rawValue)
        let before = try await wallet.run("mint", "10", "--no-wait", "--json")
        before.expectFailure(77, code: "authenticationRequired", json: true)
        #expect(before.stderr.contains("cashu auth login"), "\(before)")

        let login = try await wallet.json(
            "auth", "login", "--user", provider.user, "--password", stdin: provider.password + "\n")
        #expect(login.uint("blindAuthTokens") == 100, "\(login)")
        #expect(try await wallet.json("mint", "100").uint("amount") == 100)
        // The quote and the mint took one token each.
        #expect(try await wallet.json("auth", "status").uint("blindAuthTokens") == 98)
        // A locked send always swaps.
        let sent = try await wallet.json("send", "10", "--hash", String(repeating: "ab", count: 32))
        #expect(sent.string("token")?.hasPrefix("cashuB") == true, "\(sent)")
        #expect(try await wallet.json("auth", "status").uint("blindAuthTokens") == 97)

        let logout = try await wallet.json("auth", "logout")
        #expect(logout.uint("blindAuthTokens") == 97)
        // No login, but tokens left: a quote still goes through.
        let quote = try await wallet.json("mint", "10", "--no-wait")
        #expect(quote.string("quote") != nil, "\(quote)")
        let status = try await wallet.json("auth", "status")
        #expect(status["loggedIn"] as? Bool == false && status.uint("blindAuthTokens") == 96, "\(status)")
        #expect(!String(describing: status).contains("authA"), "no token in the output")
    }
}
