// Tests of GlobalArguments: global options before the subcommand are moved behind it.

import Testing

@testable import CashuCLI

@Suite("GlobalArguments")
struct GlobalArgumentsTests {
    @Test("leading global options move after the subcommand, before a -- terminator")
    func normalize() {
        #expect(GlobalArguments.normalize(["--json", "balance"]) == ["balance", "--json"])
        #expect(
            GlobalArguments.normalize(["--dir", "/w", "--json", "mints", "add", "URL"])
                == ["mints", "add", "URL", "--dir", "/w", "--json"]
        )
        #expect(
            GlobalArguments.normalize(["--dir=/w", "send", "5", "--", "-x"]) == ["send", "5", "--dir=/w", "--", "-x"]
        )
        #expect(GlobalArguments.normalize(["send", "5", "--json"]) == ["send", "5", "--json"])
        #expect(GlobalArguments.normalize(["--json"]) == ["--json"])
        #expect(GlobalArguments.normalize(["--help"]) == ["--help"])
    }
}
