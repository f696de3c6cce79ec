// Tests of docs/man/cashu.1, the committed manual page: it describes every subcommand the root command declares and
// every long option the binary accepts, so a command or option added without regenerating the page
// (scripts/generate-manual) fails here.

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

    /// Every long option name (without dashes) of the command tree in swift-argument-parser's help dump.
    static func longOptions(in command: [String: Any]) -> Set<String> {
        var names = Set<String>()
        for argument in command["arguments"] as? [[String: Any]] ?? [] {
            for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                if let text = name["name"] as? String { names.insert(text) }
            }
        }
        for sub in command["subcommands"] as? [[String: Any]] ?? [] { names.formUnion(longOptions(in: sub)) }
        return names
    }

    @Test("docs/man/cashu.1 documents every long option of the built binary")
    func everyOption() async throws {
        let page = try String(
            contentsOf: TestMint.repositoryRoot.appendingPathComponent("docs/man/cashu.1"), encoding: .utf8)
        let dump = try await CLIProcess.run(["--experimental-dump-help"])
        #expect(dump.status == 0, "\(dump)")
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let options = Self.longOptions(in: try #require(tool["command"] as? [String: Any]))
        #expect(options.contains("dir") && options.contains("yes"), "\(options.sorted())")
        // mdoc lists an option as `.It Fl -name` or, with a short name, `.It Fl y , -name`.
        for option in options.sorted() where option != "help" {
            #expect(
                page.contains("Fl -\(option)") || page.contains(", -\(option)"),
                "docs/man/cashu.1 lacks --\(option): run scripts/generate-manual and commit docs/man/cashu.1"
            )
        }
    }
}
