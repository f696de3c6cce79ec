// End to end: help text (golden), shell completions, usage errors — the `cashu` binary, no mint needed.
//
// The golden file is Tests/CashuCLITests/Fixtures/help.txt. After changing commands or their help, regenerate it:
//     swift build --product cashu && COLUMNS=80 .build/debug/cashu --help > Tests/CashuCLITests/Fixtures/help.txt

import CashuTestSupport
import Foundation
import Testing

@Suite("cashu help and usage")
struct HelpTests {
    static let subcommands = [
        "wallet", "wallet init", "wallet backup", "wallet pubkey", "info", "mints", "mints add", "mints list",
        "mints remove", "mints default", "balance", "mint", "send", "receive", "pay", "fetch", "request",
        "request create", "request pay", "pending", "history", "decode", "restore", "recover", "refresh", "nwc",
        "nwc add", "nwc list", "nwc revoke", "nwc serve", "wallets",
    ]

    @Test("cashu --help matches the golden file")
    func golden() async throws {
        let outcome = try await CLIProcess.run(["--help"])
        #expect(outcome.status == 0)
        let golden = try String(
            contentsOf: TestMint.repositoryRoot.appendingPathComponent("Tests/CashuCLITests/Fixtures/help.txt"),
            encoding: .utf8
        )
        #expect(
            outcome.stdout == golden,
            "regenerate Fixtures/help.txt (see this file's header) if the change is wanted"
        )
    }

    @Test("every subcommand has help and takes the global options", arguments: subcommands)
    func subcommandHelp(_ command: String) async throws {
        let outcome = try await CLIProcess.run(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(outcome.status == 0, "\(outcome)")
        if !["wallet", "mints", "request", "nwc"].contains(command) {
            for option in ["--dir", "--mint", "--unit", "--json", "--verbose"] {
                #expect(outcome.stdout.contains(option), "\(command) --help lacks \(option)")
            }
        }
    }

    @Test("shell completion scripts are generated")
    func completions() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let outcome = try await CLIProcess.run(["--generate-completion-script", shell])
            #expect(outcome.status == 0)
            #expect(outcome.stdout.contains("cashu"))
        }
    }

    @Test("a usage error is one line on stderr and exit 64; with --json also one JSON object on stdout")
    func usageError() async throws {
        let plain = try await CLIProcess.run(["send"])
        #expect(plain.status == 64)
        #expect(plain.stdout.isEmpty)
        #expect(plain.stderrLines.count == 1)
        #expect(plain.stderr.hasPrefix("cashu: error: "))

        let json = try await CLIProcess.run(["--json", "send", "--no-such-option", "5"])
        #expect(json.status == 64)
        #expect(json.stderrLines.count == 1)
        let error = try #require(json.json?["error"] as? [String: Any], "\(json)")
        #expect(error["class"] as? String == "usage")
        #expect((error["exit"] as? NSNumber)?.intValue == 64)
    }

    @Test("--version prints the version")
    func version() async throws {
        let outcome = try await CLIProcess.run(["--version"])
        #expect(outcome.status == 0)
        #expect(!outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
    }
}
