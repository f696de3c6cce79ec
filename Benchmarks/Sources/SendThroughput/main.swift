// Sends per second from N processes sharing one PostgreSQL wallet (docs/performance.md, "Throughput: processes
// sharing one PostgreSQL wallet").
//
//   SendThroughput [--processes 1,2,4] [--seconds 25] [--amount 10] [--proofs 2000]
//
// For each N: a new schema on one PostgreSQL server (started with fsync on, or CASHU_BENCH_PG_URL) holds a sealed
// wallet of `--proofs` proofs of 1…64 sat minted straight from the test mint (started, or CASHU_BENCH_MINT_URL). N
// worker processes (this executable, `worker`) each open that schema with the wallet's mnemonic and a secure store of
// their own, wait for a common start, then send `--amount` sat with a swap (`preferOffline: false`: a request to the
// mint every send) one after another for `--seconds`. Then the wallet is opened once more (without recovery) and
// checked: no unfinished operation in the journal, no proof reserved or pending, the `sent` proofs worth what the
// tokens hold, and unspent + sent == minted − the fees the sends reported. Exits 1 when a check fails.

import CashuBenchSupport
@testable import CashuPostgres
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a worker reports on its standard output, as one JSON line.
struct WorkerReport: Codable {
    var sends = 0
    /// The sum of the tokens' proofs.
    var tokenValue: UInt64 = 0
    /// The sum of the sends' `amount`.
    var amount: UInt64 = 0
    var fees: UInt64 = 0
    var errors = 0
    var firstErrors: [String] = []
    /// Seconds since 1970.
    var startedAt = 0.0
    var finishedAt = 0.0
    /// Milliseconds per send, in order.
    var latencies: [Double] = []
}

struct Failure: Error, CustomStringConvertible {
    var description: String
}

func option(_ name: String, _ arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func now() -> Double { Date().timeIntervalSince1970 }

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

/// CPU seconds a process has used (from /proc), with those of its waited-for children when `children`.
func processCPU(_ pid: Int32, children: Bool) -> Double {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
    else { return 0 }
    // After the command: state, ppid, …; utime, stime, cutime and cstime are the 12th to 15th.
    let fields = text[text.index(after: close)...].split(separator: " ").map { Double($0) ?? 0 }
    guard fields.count > 14 else { return 0 }
    let ticks = fields[11] + fields[12] + (children ? fields[13] + fields[14] : 0)
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// CPU seconds of a PostgreSQL server: the postmaster with the children it has reaped, and its live children.
func serverCPU(_ server: BenchPostgres) -> Double? {
    guard let directory = server.startedDirectory,
        let text = try? String(contentsOfFile: directory + "/data/postmaster.pid", encoding: .utf8),
        let postmaster = text.split(separator: "\n").first.flatMap({ Int32($0) })
    else { return nil }
    var total = processCPU(postmaster, children: true)
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { continue }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 1, Int32(fields[1]) == postmaster { total += processCPU(pid, children: false) }
    }
    return total
}

/// CPU seconds of this process's waited-for children (the workers).
func childrenCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_CHILDREN.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
}

func loadAverage() -> String {
    ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "?").split(separator: " ").prefix(3)
        .joined(separator: " ")
}

func temporaryDirectory(_ prefix: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// Opens the wallet in `schema` with a secure store in `directory`.
func openWallet(
    _ configuration: PostgresStoreConfiguration,
    mnemonic: Mnemonic,
    directory: URL,
    recover: Bool = true
) async throws -> (Wallet, PostgresWalletStore) {
    let store = try await PostgresWalletStore(configuration: configuration)
    let wallet = try await Wallet.open(
        store: store,
        secureStore: FileSecureStore(file: directory.appendingPathComponent("secrets.json")),
        mnemonic: mnemonic,
        connectorFactory: { benchConnector($0) },
        recover: recover
    )
    return (wallet, store)
}

/// One worker: opens the wallet, waits for the start, sends until the deadline.
func worker(_ arguments: [String]) async throws {
    guard let url = option("--url", arguments), let schema = option("--schema", arguments),
        let mintText = option("--mint", arguments), let phraseFile = option("--mnemonic-file", arguments),
        let amount = option("--amount", arguments).flatMap({ UInt64($0) }),
        let start = option("--start", arguments).flatMap({ Double($0) }),
        let seconds = option("--seconds", arguments).flatMap({ Double($0) })
    else { throw Failure(description: "worker: missing arguments") }
    let mint = try MintURL(mintText)
    let mnemonic = try Mnemonic(
        phrase: try String(contentsOfFile: phraseFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    )
    let directory = try temporaryDirectory("cashu-throughput-worker")
    defer { try? FileManager.default.removeItem(at: directory) }
    let configuration = try PostgresStoreConfiguration(
        url: "\(url)?schema=\(schema)&sslmode=disable&connect_timeout=30"
    )
    let (wallet, store) = try await openWallet(configuration, mnemonic: mnemonic, directory: directory)
    let wait = start - now()
    if wait > 0 { try await Task.sleep(for: .milliseconds(Int(wait * 1000))) }
    var report = WorkerReport()
    report.startedAt = now()
    let deadline = start + seconds
    while now() < deadline {
        let began = now()
        do {
            let sent = try await wallet.send(amount: amount, mint: mint, options: SendOptions(preferOffline: false))
            let finished = now()
            report.sends += 1
            report.amount += sent.amount
            report.tokenValue += sent.token.proofs.reduce(0) { $0 + $1.amount }
            report.fees += sent.fee
            report.latencies.append((finished - began) * 1000)
            report.finishedAt = finished
        } catch {
            report.errors += 1
            if report.firstErrors.count < 5 { report.firstErrors.append(String(describing: error)) }
            report.finishedAt = now()
        }
    }
    await store.close()
    let line = try JSONEncoder().encode(report)
    FileHandle.standardOutput.write(line + Data("\n".utf8))
}

/// Runs `count` workers on one fresh wallet and checks it afterwards. Returns whether every check held.
func round(
    processes count: Int,
    seconds: Double,
    amount: UInt64,
    proofCount: Int,
    mint: BenchMint,
    server: BenchPostgres
) async throws -> Bool {
    let mintPID = mint.started?.pid
    let mint = mint.url
    let schema = BenchPostgres.freshSchema("throughput_n\(count)")
    let configuration = try server.configuration(schema: schema)
    let scratch = try temporaryDirectory("cashu-throughput")
    defer { try? FileManager.default.removeItem(at: scratch) }

    // The wallet: opened once to create the schema and seal it, then funded through its (sealing) store.
    let mnemonic = Mnemonic()
    let phraseFile = scratch.appendingPathComponent("mnemonic")
    _ = FileManager.default.createFile(
        atPath: phraseFile.path,
        contents: Data(mnemonic.exposedPhrase.utf8),
        attributes: [.posixPermissions: 0o600]
    )
    let setupDirectory = try temporaryDirectory("cashu-throughput-setup")
    defer { try? FileManager.default.removeItem(at: setupDirectory) }
    let (wallet, store) = try await openWallet(configuration, mnemonic: mnemonic, directory: setupDirectory)
    _ = try await wallet.addMint(mint)
    let proofs = try await Fixtures.mintProofs(amounts: Fixtures.mixedAmounts(count: proofCount), mint: mint)
    let minted = proofs.reduce(UInt64(0)) { $0 + $1.amount }
    let stored = try proofs.map { try StoredProof(proof: $0, mintURL: mint, unit: .sat) }
    _ = try await store.write { tx in try tx.addProofs(stored) }
    guard try await wallet.balance() == minted else { throw Failure(description: "the funded balance is wrong") }
    await store.close()

    // The workers, started together.
    let loadBefore = loadAverage()
    let cpuBefore = (
        workers: childrenCPU(), server: serverCPU(server), mint: mintPID.map { processCPU($0, children: true) }
    )
    let start = now() + 5
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var running: [(Process, Pipe)] = []
    for _ in 0..<count {
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "worker", "--url", server.url, "--schema", schema, "--mint", mint.rawValue, "--mnemonic-file",
            phraseFile.path, "--amount", String(amount), "--start", String(start), "--seconds", String(seconds),
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        running.append((process, pipe))
    }
    var reports: [WorkerReport] = []
    for (process, pipe) in running {
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let report = try? JSONDecoder().decode(WorkerReport.self, from: output)
        else {
            throw Failure(
                description:
                    "a worker failed (\(process.terminationStatus)): \(String(decoding: output, as: UTF8.self))"
            )
        }
        reports.append(report)
    }

    try await Task.sleep(for: .milliseconds(500))  // the workers' server processes end with their connections
    let cpuAfter = (
        workers: childrenCPU(), server: serverCPU(server), mint: mintPID.map { processCPU($0, children: true) }
    )
    let loadAfter = loadAverage()

    // The check, on the wallet as the workers left it (no recovery on this open).
    let checkDirectory = try temporaryDirectory("cashu-throughput-check")
    defer { try? FileManager.default.removeItem(at: checkDirectory) }
    let (checking, checkStore) = try await openWallet(
        configuration,
        mnemonic: mnemonic,
        directory: checkDirectory,
        recover: false
    )
    let unfinished = try await checkStore.read { tx in try tx.unfinishedOperations() }.count
    var byStatus: [ProofStatus: UInt64] = [:]
    for row in try await checking.balances() { byStatus[row.status, default: 0] += row.amount }
    await checkStore.close()

    let sends = reports.reduce(0) { $0 + $1.sends }
    let errors = reports.reduce(0) { $0 + $1.errors }
    let tokenValue = reports.reduce(UInt64(0)) { $0 + $1.tokenValue }
    let amounts = reports.reduce(UInt64(0)) { $0 + $1.amount }
    let fees = reports.reduce(UInt64(0)) { $0 + $1.fees }
    let unspent = byStatus[.unspent, default: 0]
    let sent = byStatus[.sent, default: 0]
    let held = byStatus[.reserved, default: 0] + byStatus[.pending, default: 0]
    let elapsed = (reports.map(\.finishedAt).max() ?? start) - start
    let latencies = reports.flatMap(\.latencies)
    let perProcess = reports.map { String($0.sends) }.joined(separator: "+")
    let checks: [(String, Bool)] = [
        ("no unfinished operation (\(unfinished))", unfinished == 0),
        ("nothing reserved or pending (\(held) sat)", held == 0),
        ("tokens hold what the sends reported (\(tokenValue) = \(amounts))", tokenValue == amounts),
        ("sent proofs = tokens (\(sent) = \(tokenValue))", sent == tokenValue),
        (
            "unspent + sent = minted - fees (\(unspent) + \(sent) = \(minted) - \(fees))",
            unspent + sent + fees == minted
        ),
        ("no send failed (\(errors))", errors == 0),
    ]
    let rate = elapsed > 0 ? Double(sends) / elapsed : 0
    func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
    print(
        "N=\(count): \(sends) sends (\(perProcess)) in \(fixed(elapsed, 1)) s = \(fixed(rate, 1)) sends/s; latency p50 "
            + "\(fixed(median(latencies), 0)) ms, p90 \(fixed(percentile(latencies, 0.9), 0)) ms; "
            + (checks.allSatisfy(\.1) ? "settled" : "CHECK FAILED")
    )
    func perSend(_ before: Double?, _ after: Double?) -> String {
        guard let before, let after, sends > 0 else { return "?" }
        return "\(fixed(after - before, 1)) s (\(fixed((after - before) / Double(sends) * 1000, 1)) ms a send)"
    }
    print(
        "    CPU: workers \(perSend(cpuBefore.workers, cpuAfter.workers)) (opening included), PostgreSQL "
            + "\(perSend(cpuBefore.server, cpuAfter.server)), mint \(perSend(cpuBefore.mint, cpuAfter.mint)); "
            + "load average \(loadBefore) before, \(loadAfter) after"
    )
    for (label, held) in checks { print("    [\(held ? "ok" : "FAILED")] \(label)") }
    for report in reports where !report.firstErrors.isEmpty {
        print("    errors: \(report.firstErrors.joined(separator: " | "))")
    }
    return checks.allSatisfy(\.1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "worker" {
    do {
        try await worker(Array(arguments.dropFirst()))
    } catch {
        FileHandle.standardError.write(Data("worker: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

let processCounts = (option("--processes", arguments) ?? "1,2,4").split(separator: ",").compactMap { Int($0) }
let seconds = option("--seconds", arguments).flatMap { Double($0) } ?? 25
let amount = option("--amount", arguments).flatMap { UInt64($0) } ?? 10
let proofCount = option("--proofs", arguments).flatMap { Int($0) } ?? 2000
var mint: BenchMint?
var server: BenchPostgres?
var allHeld = true
do {
    if let reason = BenchMint.unavailableReason { throw Failure(description: reason) }
    if let reason = BenchPostgres.unavailableReason { throw Failure(description: reason) }
    mint = try BenchMint.start()
    server = try BenchPostgres.start()
    print(
        "mint \(mint!.url.rawValue), PostgreSQL \(server!.startedDirectory == nil ? "given" : "started (fsync on)"); "
            + "\(proofCount) proofs, \(amount) sat a send (swap), \(Int(seconds)) s per round"
    )
    for count in processCounts {
        let held = try await round(
            processes: count,
            seconds: seconds,
            amount: amount,
            proofCount: proofCount,
            mint: mint!,
            server: server!
        )
        allHeld = allHeld && held
    }
} catch {
    FileHandle.standardError.write(Data("SendThroughput: \(error)\n".utf8))
    allHeld = false
}
server?.stop()
mint?.stop()
exit(allHeld ? 0 : 1)
