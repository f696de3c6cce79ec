// End to end: `cashu auth` against a real OpenID provider (scripts/test-auth) and a Nutshell mint requiring a login
// for mint quotes — refused with exit 77 before login, password and device logins, status, logout.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu auth", .serialized, .timeLimit(.minutes(3)))
struct AuthTests {
    static let servers = Task { () throws -> (TestAuthProvider, TestMint) in
        let provider = try await TestAuthProvider.start()
        let mint = try await provider.mint(clearPaths: [["POST", "/v1/auth/blind/mint"], ["POST", "/v1/mint/quote/*"]])
        return (provider, mint)
    }

    @Test("refused with 77 before login; password login from stdin; status; minting works; logout refuses again")
    func passwordLogin() async throws {
        let (provider, mint) = try await Self.servers.value
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("mints", "add", mint.url.rawValue)
        let before = try await wallet.run("mint", "10", "--no-wait", "--json")
        before.expectFailure(77, code: "authenticationRequired", json: true)
        #expect(before.stderr.contains("cashu auth login"), "\(before)")
        #expect(try await wallet.json("auth", "status")["loggedIn"] as? Bool == false)

        let wrong = try await wallet.run(["auth", "login", "--user", provider.user, "--password"], stdin: "nope\n")
        wrong.expectFailure(65)
        let login = try await wallet.json(
            "auth", "login", "--user", provider.user, "--password", stdin: provider.password + "\n")
        #expect(login.string("user") == provider.user)
        let status = try await wallet.json("auth", "status")
        #expect(status["loggedIn"] as? Bool == true && status.string("user") == provider.user, "\(status)")
        #expect(!String(describing: status).contains("eyJ"), "no token in the output")

        let minted = try await wallet.json("mint", "100")
        #expect(minted.uint("amount") == 100, "\(minted)")
        try await wallet.json("auth", "logout")
        try await wallet.run("mint", "10", "--no-wait").expectFailure(77)
    }

    @Test("device login: the address and code on stderr; approved at the provider's page, the command logs in")
    func deviceLogin() async throws {
        let (provider, mint) = try await Self.servers.value
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("mints", "add", mint.url.rawValue)
        let running = try CLIProcess.start(["--dir", wallet.directory.path, "auth", "login", "--json"])
        let deadline = ContinuousClock.now + .seconds(30)
        var line: Substring?
        while line == nil && ContinuousClock.now < deadline {
            line = running.stderrSoFar.split(separator: "\n").first { $0.contains("enter the code") }
            if line == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        let words = try #require(line, "\(running.stderrSoFar)").split(separator: " ")
        let code = try #require(words.last.map(String.init))
        let open = try #require(words.firstIndex(of: "open"))
        let page = String(words[words.index(after: open)])
        #expect(page.hasPrefix("http://127.0.0.1:") && !page.contains(" "), "\(running.stderrSoFar)")
        #expect(try await provider.approve(userCode: code, verificationURI: page) == 200)
        let outcome = await running.wait()
        #expect(outcome.status == 0, "\(outcome)")
        #expect(try await wallet.json("auth", "status")["loggedIn"] as? Bool == true)
        #expect(try await wallet.json("mint", "20").uint("amount") == 20)
    }
}
