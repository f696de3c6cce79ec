// Tests of Wallet/LinuxWallet: opening a wallet with every Linux part in place (the test run's real Secret Service,
// the WebSocket pool, the queue), refresh passes against a real mint, and reopening.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices
@testable import LinuxCashu

@Suite("LinuxWallet", .timeLimit(.minutes(5)))
struct LinuxWalletTests {
    static func configuration(_ directory: URL, environment: [String: String] = [:]) -> LinuxWalletConfiguration {
        let inherited = ProcessInfo.processInfo.environment
        var configuration = LinuxWalletConfiguration(
            directory: WalletDirectory(url: directory),
            environment: inherited.merging(environment) { _, new in new }
        )
        configuration.watchReachability = true
        // No public Nostr relay from a test.
        configuration.nostrRelays = []
        return configuration
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("cashu-linux-wallet-\(UUID().uuidString)")
    }

    @Test("A new wallet keeps its phrase in the Secret Service, mints, refreshes, and reopens as the same wallet")
    func openRefreshReopen() async throws {
        #expect(ProcessInfo.processInfo.environment["CASHU_TEST_KEYRING"] == "inside", "run under scripts/with-keyring")
        let mint = try await TestMint.shared
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        let first = try await LinuxWallet.open(Self.configuration(directory))
        #expect(first.secrets.kind == .secretService)
        #expect(first.secrets.warning == nil)
        #expect(first.monitor != nil && first.webSockets != nil)
        let balance: UInt64
        do {
            try await first.wallet.addMint(mint.url)
            let quote = try await first.wallet.requestMintQuote(amount: 64, mint: mint.url)
            _ = try await first.wallet.waitForMintQuote(quote.id, timeout: .seconds(60))
            _ = try await first.wallet.mint(quoteID: quote.id)
            balance = try await first.wallet.balance(mint: mint.url)
            #expect(balance == 64)

            // Mint info older than a day is fetched again by the pass; a fresh one is left alone.
            try await first.store.write { tx in
                guard var stored = try tx.mint(url: mint.url) else { return }
                stored.infoFetchedAt = Date().addingTimeInterval(-2 * LinuxWallet.mintInfoMaximumAge)
                try tx.saveMint(stored)
            }
            let report = await first.refresh()
            #expect(report.failures.isEmpty, "\(report.failures.map(\.error))")
            #expect(report.refreshedMints == [mint.url])
            let again = await first.refresh()
            #expect(again.refreshedMints.isEmpty && again.failures.isEmpty)
        } catch {
            await first.close()
            throw error
        }
        await first.close()

        let second = try await LinuxWallet.open(Self.configuration(directory))
        #expect(second.secrets.kind == .secretService)
        #expect(second.secrets.walletID == first.secrets.walletID)
        #expect(try await second.wallet.balance(mint: mint.url) == balance)
        await second.close()
    }

    @Test("withWallet closes the wallet when its body throws: its monitor stops, its streams finish")
    func withWalletClosesOnThrow() async throws {
        struct Thrown: Error {}
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var subscribed: AsyncStream<ReachabilityUpdate>?
        await #expect(throws: Thrown.self) {
            try await LinuxWallet.withWallet(Self.configuration(directory)) { linux in
                subscribed = await linux.monitor?.updates()
                throw Thrown()
            }
        }
        let updates = try #require(subscribed)
        let finished = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in updates {}
                return !Task.isCancelled
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        #expect(finished, "the monitor was still running 10 s after withWallet returned")
    }

    @Test("Without a Secret Service or a passphrase a new wallet is refused, saying what to do; a passphrase works")
    func noSecretService() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let noBus = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(directory.path)/no-bus"]
        // libsecret keeps one connection per process: the chooser is asked for the encrypted store by name here.
        var plain = Self.configuration(directory, environment: noBus)
        plain.preferredSecureStore = .encryptedFile
        plain.watchReachability = false
        await #expect(throws: LinuxWalletError.self) { _ = try await LinuxWallet.open(plain) }

        var encrypted = plain
        encrypted.passphrase = SecureBytes(Array("correct horse".utf8))
        let wallet = try await LinuxWallet.open(encrypted)
        #expect(wallet.secrets.kind == .encryptedFile)
        #expect(wallet.monitor == nil)
        await wallet.close()
    }
}
