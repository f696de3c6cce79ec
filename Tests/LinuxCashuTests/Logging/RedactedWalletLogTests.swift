// The proof of the redacting logger: a whole mint → send → receive → melt → restore run against the real mint, every
// wallet and connector logging at TRACE through RedactingLogHandler, plus a careless host logging the raw secrets;
// then every secret of the run is searched for in every log line. Zero hits.

import AsyncHTTPClient
import CashuTestSupport
import CoreCashu
import Foundation
import Logging
import Testing

@testable import CashuServices
@testable import LinuxCashu

@Suite("Redacted wallet log", .serialized, .timeLimit(.minutes(5)))
struct RedactedWalletLogTests {
    /// One wallet of the run: its files, its secure store (the test keyring) and the secrets it saved there.
    struct RunWallet {
        let wallet: Wallet
        let mnemonic: Mnemonic
        let directory: URL
        let secureStore: RecordingSecureStore
        let keyring: LibSecretStore

        static func open(mnemonic: Mnemonic, logger: Logger) async throws -> RunWallet {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "cashu-redaction-\(UUID().uuidString)"
            )
            let selection = try await SecureStoreFactory.make(directory: directory, logger: logger)
            let keyring = try #require(selection.store as? LibSecretStore, "the test keyring should be chosen")
            let recording = RecordingSecureStore(wrapping: keyring)
            let store = try SQLiteWalletStore(path: directory.appendingPathComponent("wallet.sqlite").path)
            let wallet = try await Wallet.open(
                store: store,
                secureStore: recording,
                mnemonic: mnemonic,
                connectorFactory: { url in
                    HTTPMintConnector(mintURL: url, httpClient: TestHTTP.client, logger: logger)
                },
                logger: logger
            )
            return RunWallet(
                wallet: wallet,
                mnemonic: mnemonic,
                directory: directory,
                secureStore: recording,
                keyring: keyring
            )
        }

        func remove() async {
            try? await keyring.deleteAll()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// The run's wallets, removed (files and keyring items) when the test ends, passed or not.
    actor Cleanup {
        private var wallets: [RunWallet] = []
        func add(_ wallet: RunWallet) -> RunWallet {
            wallets.append(wallet)
            return wallet
        }
        func run() async {
            for wallet in wallets { await wallet.remove() }
            wallets = []
        }
    }

    @Test("No secret of a full wallet run reaches the log")
    func noSecretInTheLog() async throws {
        try #require(ProcessInfo.processInfo.environment["CASHU_TEST_KEYRING"] == "inside", "run under with-keyring")
        let cleanup = Cleanup()
        do {
            try await runAndSearch(cleanup)
        } catch {
            await cleanup.run()
            throw error
        }
        await cleanup.run()
    }

    func runAndSearch(_ cleanup: Cleanup) async throws {
        let mint = try await TestMint.shared
        let (capturing, records) = CapturingLogHandler.logger()
        let sink = capturing.handler
        var logger = Logger(label: "cashu") { _ in RedactingLogHandler(wrapping: sink) }
        logger.logLevel = .trace

        let alice = await cleanup.add(try await RunWallet.open(mnemonic: Mnemonic(), logger: logger))
        let bob = await cleanup.add(
            try await RunWallet.open(mnemonic: Mnemonic(wordCount: .twentyFour), logger: logger)
        )

        // The run: mint, send, receive, melt, restore.
        try await alice.wallet.addMint(mint.url)
        let quote = try await alice.wallet.requestMintQuote(amount: 1000, mint: mint.url)
        _ = try await alice.wallet.waitForMintQuote(quote.id, timeout: .seconds(30))
        _ = try await alice.wallet.mint(quoteID: quote.id)
        let sent = try await alice.wallet.send(amount: 300, mint: mint.url)
        let token = try sent.token.serialized(as: .v4)
        try await bob.wallet.addMint(mint.url)
        let received = try await bob.wallet.receive(token)
        #expect(received.amount > 0)
        let invoice = try await TestMint.externalInvoice(amount: 100)
        let meltQuote = try await alice.wallet.meltQuote(request: invoice, mint: mint.url)
        let melted = try await alice.wallet.melt(quoteID: meltQuote.id)
        #expect(melted.state == .paid)
        let again = await cleanup.add(try await RunWallet.open(mnemonic: alice.mnemonic, logger: logger))
        try await again.wallet.addMint(mint.url)
        let restore = try await again.wallet.restore(mint: mint.url)
        #expect(restore.amount > 0)

        // Every secret of the run.
        var secrets = Set<String>()
        var keysets = Set<KeysetID>()
        for member in [alice, bob, again] {
            let phrase = member.mnemonic.exposedPhrase
            let words = member.mnemonic.exposedWords
            secrets.formUnion([
                phrase, words.joined(separator: ","), words.joined(separator: "\n"), words.joined(separator: ", "),
            ])
            for start in 0...(words.count - 8) {
                secrets.insert(words[start..<start + 8].joined(separator: " "))
            }
            secrets.insert(Hex.encode(try member.mnemonic.seed().exposedSecretBytes))
            for proof in try await member.wallet.proofs(statuses: Set(ProofStatus.allCases)) {
                secrets.insert(proof.proof.secret)
                secrets.insert(proof.proof.C.hex)
                keysets.insert(proof.proof.id)
            }
            for value in await member.secureStore.saved {
                secrets.insert(Hex.encode(value.exposedSecretBytes))
                secrets.insert(String(decoding: value.exposedSecretBytes, as: UTF8.self))
            }
            for stored in try await member.wallet.mintQuotes() { secrets.insert(stored.id) }
        }
        // Blinding factors and output secrets of every counter the run can have used.
        var derived: [DerivedOutputSecret] = []
        for member in [alice, bob] {
            let deterministic = try DeterministicSecrets(mnemonic: member.mnemonic)
            for keyset in keysets {
                derived += try deterministic.derive(keysetID: keyset, counters: 0..<200)
            }
        }
        for output in derived {
            secrets.insert(output.secret)
            secrets.insert(output.blindingFactor.exposedSecretHex)
        }
        secrets.formUnion([token, try sent.token.serialized(as: .v3), quote.id])
        secrets = secrets.filter { $0.count >= 16 }

        // A careless host logging the raw secrets, in messages and metadata.
        let proofs = try await alice.wallet.proofs(statuses: Set(ProofStatus.allCases)).map(\.proof)
        let proofJSON = String(decoding: try JSONEncoder().encode(proofs), as: UTF8.self)
        let tokenV3 = try sent.token.serialized(as: .v3)
        let seedHex = Hex.encode(try alice.mnemonic.seed().exposedSecretBytes)
        logger.trace("sent \(token) = \(sent)", metadata: ["token": "\(tokenV3)"])
        logger.trace(
            "mnemonic \(alice.mnemonic.exposedPhrase)",
            metadata: ["words": .array(bob.mnemonic.exposedWords.map { .string($0) })]
        )
        logger.trace("words \(alice.mnemonic.exposedWords)")
        logger.trace("seed \(seedHex)")
        let stored = try await alice.wallet.proofs()
        logger.trace("proofs \(proofJSON)", metadata: ["proofs": "\(proofs)", "stored": "\(stored)"])
        for output in derived.prefix(50) {
            logger.trace(
                "derived \(output.secret)",
                metadata: ["r": "\(output.blindingFactor.exposedSecretHex)", "output": "\(output)"]
            )
        }
        for value in await alice.secureStore.saved {
            logger.trace("secure store value", metadata: ["hex": "\(Hex.encode(value.exposedSecretBytes))"])
        }
        logger.debug("mint quote \(quote)", metadata: ["quote": "\(quote)"])

        // The search.
        let lines = records.records.map { record in
            "\(record.level) \(record.message) "
                + record.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        #expect(lines.count > 60)
        #expect(secrets.count > 500)
        // The wallet's own lines are there, and the careless ones were caught rather than lost.
        for expected in ["minted", "restored", "mint request succeeded"] {
            #expect(lines.contains { $0.contains(expected) }, "no '\(expected)' line")
        }
        for placeholder in ["<redacted token>", "<redacted mnemonic>", "<redacted hex>"] {
            #expect(lines.contains { $0.contains(placeholder) }, "no \(placeholder)")
        }
        var hits: [String] = []
        for line in lines {
            let lowered = line.lowercased()
            for secret in secrets where line.contains(secret) || lowered.contains(secret.lowercased()) {
                hits.append("\(secret.prefix(12))… in: \(line.prefix(120))")
            }
        }
        #expect(hits.isEmpty, "\(hits.count) secrets in the log, e.g. \(hits.prefix(5))")
    }
}
