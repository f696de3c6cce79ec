// Tests of docs/man/cashu.1, the committed manual page: it describes every subcommand the root command declares, so
// a command added without regenerating the page (scripts/generate-manual) fails here.

import ArgumentParser
import CashuTestSupport
import Foundation
import Testing

@testable import CashuCLI

@Suite("cashu manual page")
struct ManualPageTests {
    /// Every subcommand under `command`, depth first, as its name path ("wallet init").
    static func subcommands(of command: any ParsableCommand.Type, path: [String] = []) -> [[String]] {
        command.configuration.subcommands.flatMap { sub -> [[String]] in
            let name = sub.configuration.commandName ?? sub._commandName
            return [path + [name]] + subcommands(of: sub, path: path + [name])
        }
    }

    @Test("docs/man/cashu.1 exists and has an entry for every subcommand")
    func everySubcommand() throws {
        let file = TestMint.repositoryRoot.appendingPathComponent("docs/man/cashu.1")
        let page = try #require(
            try? String(contentsOf: file, encoding: .utf8),
            "docs/man/cashu.1 is missing: run scripts/generate-manual and commit it"
        )
        #expect(page.contains(".Dt CASHU 1"), "not the cashu(1) page: run scripts/generate-manual")
        // generate-manual's one-page form lists each subcommand as `.It Em NAME` under its parent.
        let entries = page.split(separator: "\n").filter { $0.hasPrefix(".It Em ") }.map { $0.dropFirst(7) }
        let commands = Self.subcommands(of: CashuCommand.self)
        #expect(commands.count > 20)
        for (name, paths) in Dictionary(grouping: commands, by: { $0.last ?? "" }) {
            let listed = entries.filter { $0 == name || $0.hasPrefix("\(name),") }.count
            let names = paths.map { "cashu " + $0.joined(separator: " ") }.joined(separator: ", ")
            #expect(
                listed >= paths.count,
                "docs/man/cashu.1 lacks \(names): run scripts/generate-manual and commit docs/man/cashu.1"
            )
        }
    }
}
