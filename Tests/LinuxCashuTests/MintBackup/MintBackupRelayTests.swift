// NUT-27 against real relays (PyPI nostr-relay) and a real mint: a backup published when the list changed and not
// again when it did not, retried once the relay is back, the newest list found among a stale and a fresh relay,
// and no relay at all.

import CashuNostr
import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices
@testable import LinuxCashu

@Suite("NUT-27 backup on relays", .timeLimit(.minutes(4)))
struct MintBackupRelayTests {
    static func open(relays: [String], mnemonic: Mnemonic? = nil) async throws -> (LinuxWallet, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-nut27-\(UUID())")
        var configuration = LinuxWalletConfiguration(
            directory: WalletDirectory(url: directory), preferredSecureStore: .plaintextFile,
            allowPlaintextSecrets: true, useWebSockets: false)
        configuration.nostrRelays = try relays.map { try NostrRelayURL($0) }
        return (try await LinuxWallet.open(configuration, mnemonic: mnemonic), directory)
    }

    @Test("published once per change; unchanged is skipped; another wallet of the phrase reads it back")
    func publishAndFetch() async throws {
        let mint = try await TestMint.shared
        let relay = try await TestRelay.shared
        let (wallet, directory) = try await Self.open(relays: [relay.url])
        defer { try? FileManager.default.removeItem(at: directory) }
        let mnemonic = try #require(try await Self.mnemonic(of: wallet))
        try await wallet.wallet.addMint(mint.url)
        let first = await wallet.backUpMintList()
        #expect(first.isPublished, "\(first)")
        #expect(await wallet.backUpMintList() == .skipped(.unchanged))
        await wallet.close()

        let (other, otherDirectory) = try await Self.open(relays: [relay.url], mnemonic: mnemonic)
        defer { try? FileManager.default.removeItem(at: otherDirectory) }
        let backup = try await other.fetchMintListBackup()
        #expect(backup == [mint.url.rawValue])
        await other.close()
    }

    @Test("a relay down: not recorded, so the next pass publishes once it is back")
    func retriedWhenBack() async throws {
        let mint = try await TestMint.shared
        let relay = try await TestRelay.startRestartable()
        let (wallet, directory) = try await Self.open(relays: [relay.url])
        defer { try? FileManager.default.removeItem(at: directory) }
        try await wallet.wallet.addMint(mint.url)
        await relay.kill()
        let failed = await wallet.backUpMintList()
        #expect(!failed.isPublished, "\(failed)")
        let back = try await relay.restart()
        defer { Task { await back.stop() } }
        var again = await wallet.backUpMintList()
        for _ in 0..<20 where !again.isPublished {
            try await Task.sleep(for: .milliseconds(500))
            again = await wallet.backUpMintList()
        }
        #expect(again.isPublished, "\(again)")
        await wallet.close()
    }

    @Test("two relays, one with a stale list: the newest list wins; no relay reachable is an error")
    func staleRelay() async throws {
        let stale = try await TestRelay.start()
        let fresh = try await TestRelay.start()
        defer { Task { await stale.stop(); await fresh.stop() } }
        let (wallet, directory) = try await Self.open(relays: [stale.url, fresh.url])
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = try #require(wallet.wallet.mintBackupKey)
        let now = NostrClock.now()
        let old = try MintListBackupEvent.make(
            MintListBackup(mints: ["https://old.example"], timestamp: now - 600), key: key)
        let new = try MintListBackupEvent.make(
            MintListBackup(mints: ["https://old.example", "https://new.example"], timestamp: now), key: key)
        let pool = NostrRelayPool()
        #expect(await pool.publish(old, to: [try NostrRelayURL(stale.url)]).isPublished)
        #expect(await pool.publish(new, to: [try NostrRelayURL(fresh.url)]).isPublished)
        await pool.shutdown()
        let backup = try await wallet.fetchMintListBackup()
        #expect(backup == ["https://old.example", "https://new.example"])

        let down = try NostrRelayURL("ws://127.0.0.1:\(try TestPort.reserve())")
        await #expect(throws: NostrError.self) { try await wallet.fetchMintListBackup(relays: [down]) }
        await wallet.close()
    }

    @Test("a wallet of the phrase knowing fewer mints keeps the backup's others; a removed mint leaves it")
    func neverShortened() async throws {
        let (a, b) = (try await TestMint.shared, try await TestMint.payee)
        let relay = try await TestRelay.start()
        defer { Task { await relay.stop() } }
        let (first, firstDirectory) = try await Self.open(relays: [relay.url])
        defer { try? FileManager.default.removeItem(at: firstDirectory) }
        let mnemonic = try #require(try await Self.mnemonic(of: first))
        try await first.wallet.addMint(a.url)
        try await first.wallet.addMint(b.url)
        #expect(await first.backUpMintList().isPublished)
        await first.close()

        // Another directory of the same phrase, with one mint (as `restore --mint` makes it).
        let (second, secondDirectory) = try await Self.open(relays: [relay.url], mnemonic: mnemonic)
        defer { try? FileManager.default.removeItem(at: secondDirectory) }
        try await second.wallet.addMint(a.url)
        let report = await second.backUpMintList()
        #expect(report.isPublished, "\(report)")
        #expect(Set(try await second.fetchMintListBackup() ?? []) == [a.url.rawValue, b.url.rawValue])
        try await second.forgetMintInBackup(b.url)
        #expect(await second.backUpMintList(force: true).isPublished)
        #expect(try await second.fetchMintListBackup() == [a.url.rawValue])
        await second.close()
    }

    static func mnemonic(of wallet: LinuxWallet) async throws -> Mnemonic? {
        let stored = try await wallet.secrets.store.load(key: SecureStoreKey.mnemonic)
        return stored.flatMap { try? Mnemonic(phrase: String(decoding: $0.exposedSecretBytes, as: UTF8.self)) }
    }
}
