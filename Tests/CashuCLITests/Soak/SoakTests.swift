// Soak (issue 17): the fault soak — two workers run random `cashu` operations on one shared wallet (and a second
// wallet) against a real mint behind the fault proxy, with random SIGKILLs and a disk that fills up, for
// CASHU_SOAK_MINUTES; then everything is settled and the books must balance to the sat. Run by scripts/soak only,
// on SQLite or (issue 30) on PostgreSQL.

import CashuTestSupport
import Foundation
import Testing

@Suite(
    "cashu fault soak",
    .enabled(if: SoakConfiguration.current != nil, "set CASHU_SOAK_MINUTES (scripts/soak runs it)"))
struct SoakTests {
    @Test("random operations under faults and SIGKILLs: settled, the books balance, nothing lost")
    func soak() async throws {
        let configuration = try #require(SoakConfiguration.current)
        let output = configuration.outputDirectory
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let mint = try await TestMint.start()
        let payee = try await TestMint.start()
        let proxy = try await MintProxy.start(inFrontOf: mint)
        // The soak's own PostgreSQL keeps its cluster on the disk too: room for it (about 40 MiB) and its WAL.
        let disk = try await SoakDisk.make(
            megabytes: configuration.ownPostgres ? 384 : 64, sharedWithPostgres: configuration.ownPostgres)
        var store = SoakStore.sqlite
        do {
            store = try await Self.store(configuration, on: disk)
            let report = try await run(configuration, mint: mint, payee: payee, proxy: proxy, disk: disk, store: store)
            print(report.text)
            try Data((report.text + "\n").utf8).write(to: output.appendingPathComponent("report.txt"))
            #expect(report.passed, "\(report.text)\n(the command log: \(output.path)/commands.log)")
            // A database of someone else's keeps nothing of a run that passed (a failed one's wallets stay).
            if report.passed && store.server == nil { await store.drop(await store.schemas()) }
        } catch {
            Issue.record("the soak could not run to the end: \(error)\nmint log:\n\(mint.logTail())")
        }
        await store.server?.stop()
        await disk.remove()
        await proxy.shutdown()
        await mint.stop()
        await payee.stop()
    }

    /// The store the configuration names; the soak's own PostgreSQL server started on `disk` for `--postgres`.
    private static func store(_ configuration: SoakConfiguration, on disk: SoakDisk) async throws -> SoakStore {
        if let url = configuration.databaseURL { return SoakStore(databaseURL: url, server: nil) }
        guard configuration.ownPostgres else { return .sqlite }
        let log = configuration.outputDirectory.appendingPathComponent("postgres.log")
        let server = try await SoakPostgres.start(on: disk, log: log)
        return SoakStore(databaseURL: server.server.url + "?sslmode=disable", server: server)
    }

    private func run(
        _ configuration: SoakConfiguration, mint: TestMint, payee: TestMint, proxy: MintProxy, disk: SoakDisk,
        store: SoakStore
    ) async throws -> SoakReport {
        let output = configuration.outputDirectory
        let ledger = SoakLedger(logFile: output.appendingPathComponent("commands.log"))
        await ledger.write(
            "soak: \(configuration); store \(store); mint \(mint.url) behind \(proxy.url); disk \(disk.root.path)")
        let shared = try await prepare("A", on: disk, store: store, mint: proxy.url.rawValue, funds: 5000)
        let other = try await prepare("B", on: disk, store: store, mint: proxy.url.rawValue, funds: 2000)
        let context = SoakContext(
            shared: shared, other: other, mintURL: proxy.url.rawValue, payee: payee, disk: disk, store: store,
            ledger: ledger, deadline: .now + configuration.duration)
        if let a = shared.schema, let b = other.schema { await ledger.write("schemas: A \(a), B \(b)") }

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<configuration.workers {
                group.addTask {
                    var worker = SoakWorker(index: index, context: context, seed: configuration.seed)
                    await worker.run()
                }
            }
            group.addTask {
                var faults = SoakFaultInjector(proxy: proxy, context: context, seed: configuration.seed, stream: 0)
                await faults.armFaults()
            }
            group.addTask {
                var disk = SoakFaultInjector(proxy: proxy, context: context, seed: configuration.seed, stream: 1)
                await disk.fillDisk()
            }
            if let server = store.server {
                group.addTask { await server.keepRunning(until: context.deadline) }
            }
        }
        proxy.clearFaults()
        disk.drain()
        try await store.server?.waitUntilReady()
        await ledger.write("workers stopped; faults off; settling")

        let settlement = try await SoakSettlement(context: context).run()
        let books = try await SoakAccounting.take(context, mint: mint)
        let report = SoakReport(
            configuration: configuration, tallies: await ledger.tallies, timedKills: await ledger.timedKills,
            stepKills: await ledger.stepKills, hung: await ledger.hung, faults: SoakFaultInjector.applied(by: proxy),
            diskFullWindows: await ledger.diskFullWindows, diskFullTime: await ledger.diskFullTime,
            diskNote: disk.unavailableReason, store: store.description, walGrowthWindows: await ledger.walGrowthWindows,
            server: await Self.serverEvents(store.server), surprises: await ledger.surprises, settlement: settlement,
            books: books)
        if !report.passed {
            // What a reproduction needs: both wallets as they ended (on PostgreSQL their schemas too) and the mint's
            // database.
            for wallet in context.wallets {
                let copy = output.appendingPathComponent("wallet-\(wallet.name)")
                disk.preserve(wallet.directory, into: copy)
                guard let schema = wallet.schema else { continue }
                await store.dump(schema, to: copy.appendingPathComponent("schema.sql"))
            }
            disk.preserve(
                URL(fileURLWithPath: mint.directory).appendingPathComponent("database"),
                into: output.appendingPathComponent("mint-database"))
            try? mint.logTail(lines: 100_000).write(
                to: output.appendingPathComponent("mint.log"), atomically: true, encoding: .utf8)
        }
        return report
    }

    /// What the soak's own PostgreSQL went through (`nil` without one).
    private static func serverEvents(_ server: SoakPostgres?) async -> (panics: Int, outages: Int, starts: Int)? {
        guard let server else { return nil }
        return (await server.panics(), await server.outages, await server.startAttempts)
    }

    /// A new wallet on the soak's disk (and in a schema of its own on PostgreSQL) with the mint added and `funds` sat
    /// minted (no faults yet).
    private func prepare(
        _ name: String, on disk: SoakDisk, store: SoakStore, mint: String, funds: Int
    ) async throws -> SoakWallet {
        var wallet = SoakWallet(
            name: name, directory: disk.root.appendingPathComponent(name), store: store, label: name)
        try await wallet.json("wallet", "init")
        try await wallet.json("mints", "add", mint)
        wallet.phrase = try await wallet.json("wallet", "backup").string("mnemonic") ?? ""
        try await wallet.json("mint", "\(funds)", "--mint", mint)
        return wallet
    }
}
