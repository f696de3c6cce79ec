// End to end: the `cashu` binary refuses a wallet directory another user could tamper with — exit 78 (config), one
// line on stderr naming the path and the fix, with --json one error object (code unsafeDirectory), nothing created.

import CashuTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("cashu unsafe wallet directory")
struct UnsafeDirectoryTests {
    @Test("a world-writable --dir: exit 78, one line with the chmod that fixes it, nothing created")
    func worldWritable() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cashu-unsafe-\(UUID().uuidString)")
        try #require(mkdir(directory.path, 0o700) == 0)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #require(chmod(directory.path, 0o777) == 0)

        let plain = try await CLIProcess.run(["--dir", directory.path, "wallet", "init"])
        #expect(plain.status == 78, "\(plain)")
        #expect(plain.stdout.isEmpty)
        #expect(plain.stderrLines.count == 1, "\(plain)")
        #expect(plain.stderr.hasPrefix("cashu: error: the wallet directory \(directory.path) is writable"), "\(plain)")
        #expect(plain.stderr.contains("chmod 700 \(directory.path)"))

        let json = try await CLIProcess.run(["--dir", directory.path, "--json", "balance"])
        #expect(json.status == 78, "\(json)")
        let error = try #require(json.json?["error"] as? [String: Any], "\(json)")
        #expect(error["code"] as? String == "unsafeDirectory")
        #expect(error["class"] as? String == "config")

        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
