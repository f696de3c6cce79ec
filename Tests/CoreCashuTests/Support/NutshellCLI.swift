// Test support: Nutshell's own wallet (the `cashu` CLI in .venv-mint) as a second, independent client for interop.

import CashuTestSupport
import Foundation
import GRDB

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

/// Nutshell 0.21.0's wallet CLI with its files in a fresh temporary directory, run as a subprocess per command.
///
/// `CASHU_DIR` and `HOME` both point at the directory (Nutshell reads `~/.cashu/.env` and the working directory's
/// `.env`, so it also runs there), `MINT_URL` and `--host` at the test mint; nothing else of the test process's
/// environment reaches it. Each command gets ``commandTimeout`` seconds (coreutils `timeout`); a failure carries the
/// command's stdout and stderr. A command takes about a second (Python startup plus a few requests).
struct NutshellCLI {
    /// A command failed, timed out or printed something unexpected.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// One row of Nutshell's `proofs` table (proofs it holds; spent ones move to `proofs_used`).
    struct StoredProof {
        var amount: UInt64
        var secret: String
        /// Set by `cashu send` on the proofs it put in a token.
        var reserved: Bool
    }

    static let commandTimeout = 60

    let directory: URL
    let mint: TestMint

    /// The CLI's executable.
    static var executable: String { TestMint.venv.appendingPathComponent("bin/cashu").path }

    /// A wallet with no proofs, talking to `mint`.
    /// - Throws: ``Failure`` when Nutshell is not installed.
    init(mint: TestMint) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.executable) else {
            throw Failure(description: "Nutshell's wallet \(Self.executable) is missing: run scripts/test-mint/install")
        }
        self.mint = mint
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-nutshell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Runs `cashu --host <mint> --yes <arguments>` and returns its stdout.
    /// - Throws: ``Failure`` on a non-zero exit or a timeout, with both output streams.
    @discardableResult
    func run(_ arguments: String...) async throws -> String {
        try await run(arguments)
    }

    /// Runs `cashu --host <mint> --yes <arguments>` and returns its stdout.
    @discardableResult
    func run(_ arguments: [String]) async throws -> String {
        let environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": directory.path,
            "CASHU_DIR": directory.path,
            "MINT_URL": mint.url.rawValue,
            "LANG": "C.UTF-8",
            "PYTHONDONTWRITEBYTECODE": "1",
        ]
        let command =
            [
                "-C", directory.path, "/usr/bin/timeout", "-k", "5", "\(Self.commandTimeout)", Self.executable,
                "--host", mint.url.rawValue, "--yes",
            ] + arguments
        let outcome = try await ScriptRunner.run("/usr/bin/env", arguments: command, environment: environment)
        guard outcome.status == 0 else {
            let what = outcome.status == 124 ? "timed out after \(Self.commandTimeout) s" : "exited \(outcome.status)"
            throw Failure(
                description: """
                    cashu \(arguments.joined(separator: " ")) \(what)
                    --- stdout
                    \(outcome.standardOutput)
                    --- stderr
                    \(outcome.standardError)
                    """
            )
        }
        return outcome.standardOutput
    }

    /// Mints `amount` sat: `invoice --no-check`, then (once FakeWallet has paid, which it does at once but
    /// asynchronously) `invoice --id` to get the proofs. Without `--no-check` the CLI waits for a WebSocket notice
    /// FakeWallet never sends; `--id` on an unpaid quote prints no balance and mints nothing. With `split`, every
    /// proof is worth `split` (`--split`).
    func mint(_ amount: UInt64, split: UInt64? = nil) async throws {
        let before = (try? storedProofs().reduce(0) { $0 + $1.amount }) ?? 0  // no database before the first
        let splitting = split.map { ["--split", "\($0)"] } ?? []
        let requested = try await run(["invoice", "--no-check"] + splitting + ["\(amount)"])
        guard let tail = requested.components(separatedBy: "--id ").last, tail != requested,
            let quote = tail.split(whereSeparator: \.isWhitespace).first
        else {
            throw Failure(description: "cashu invoice --no-check printed no quote id:\n\(requested)")
        }
        let state = try await mint.waitUntilPaid(quote: String(quote))
        guard state.state == .paid else {
            throw Failure(description: "the mint never paid quote \(quote):\n\(mint.logTail())")
        }
        let minted = try await run(["invoice"] + splitting + ["\(amount)", "--id", String(quote)])
        // `--id` prints no balance: read what it stored.
        let stored = try storedProofs().reduce(0) { $0 + $1.amount } - before
        guard stored == amount else {
            throw Failure(description: "cashu invoice --id stored \(stored) sat, not \(amount):\n\(minted)")
        }
    }

    /// A V4 token of every proof Nutshell holds, read from its database. For tokens of more proofs than
    /// `cashu send` can select (its coin selection recurses once per proof and fails past about 1,000).
    func tokenOfEveryProof() throws -> String {
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(
            path: directory.appendingPathComponent("wallet/wallet.sqlite3").path, configuration: configuration)
        defer { try? database.close() }
        let proofs = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, amount, secret, C FROM proofs").map { row in
                Proof(
                    amount: UInt64(row["amount"] as Int64), id: try KeysetID(hex: row["id"] as String),
                    secret: row["secret"], C: try CompressedPoint(hex: row["C"] as String))
            }
        }
        return try Token(mint: mint.url.description, unit: "sat", proofs: proofs).serialized(as: .v4)
    }

    /// `cashu send <amount> <options>`: the token it prints.
    func send(_ amount: UInt64, _ options: String...) async throws -> String {
        let printed = try await run(["send"] + options + ["\(amount)"])
        guard let token = printed.split(whereSeparator: \.isWhitespace).first(where: { $0.hasPrefix("cashu") }) else {
            throw Failure(description: "cashu send printed no token:\n\(printed)")
        }
        return String(token)
    }

    /// `cashu receive <token>`: the amount it says it received.
    func receive(_ token: String) async throws -> UInt64 {
        let printed = try await run("receive", token)
        for line in printed.split(separator: "\n") where line.hasPrefix("Received ") {
            let words = line.split(separator: " ")
            if words.count >= 2, let amount = UInt64(words[1]) { return amount }
        }
        throw Failure(description: "cashu receive printed no 'Received N sat':\n\(printed)")
    }

    /// `cashu balance`: the available balance it reports (reserved proofs excluded).
    func balance() async throws -> UInt64 {
        try Self.balance(in: try await run("balance"))
    }

    /// The last `Balance: N sat` line of a command's output.
    static func balance(in output: String) throws -> UInt64 {
        for line in output.split(separator: "\n").reversed() where line.hasPrefix("Balance: ") {
            let words = line.split(separator: " ")
            if words.count >= 2, let amount = UInt64(words[1]) { return amount }
        }
        throw Failure(description: "no 'Balance: N sat' line in:\n\(output)")
    }

    /// The proofs in Nutshell's wallet database (read directly; the CLI is not running).
    func storedProofs() throws -> [StoredProof] {
        var configuration = Configuration()
        configuration.readonly = true
        let path = directory.appendingPathComponent("wallet/wallet.sqlite3").path
        let database = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? database.close() }
        return try database.read { db in
            try Row.fetchAll(db, sql: "SELECT amount, secret, reserved FROM proofs").map { row in
                StoredProof(
                    amount: UInt64(row["amount"] as Int64),
                    secret: row["secret"],
                    reserved: (row["reserved"] as Bool?) ?? false
                )
            }
        }
    }

    /// The sum of `proofs` the mint says are unspent (NUT-07), and how many it says are spent.
    func checkedAtMint(_ proofs: [StoredProof]) async throws -> (unspent: UInt64, spentCount: Int) {
        guard !proofs.isEmpty else { return (0, 0) }
        let Ys = try proofs.map { try HashToCurve.point(secret: $0.secret) }
        let states = try await mint.connector().checkState(CheckStateRequest(Ys: Ys)).states
        guard states.count == proofs.count else {
            throw Failure(description: "checkstate answered \(states.count) states for \(proofs.count) proofs")
        }
        var unspent: UInt64 = 0
        var spent = 0
        for (proof, state) in zip(proofs, states) {
            if state.state == .unspent { unspent += proof.amount }
            if state.state == .spent { spent += 1 }
        }
        return (unspent, spent)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
