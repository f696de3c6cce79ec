// Tests of Wallet/WalletDirectorySafety: a wallet directory or wallet file another user could tamper with is refused
// (owned by someone else, writable by group or others, a symlink someone else owns) before anything is written;
// a private one, and what the wallet itself creates in it, pass.

import CoreCashu
import Foundation
import Testing

@testable import LinuxCashu

#if canImport(Glibc)
    import Glibc
#endif

@Suite("WalletDirectorySafety")
struct WalletDirectorySafetyTests {
    /// The uid of `nobody`, another user (the tests run as root in CI).
    static let nobody: uid_t = 65534
    static let isRoot = geteuid() == 0

    /// A new empty directory, 0700 (as mktemp -d makes it).
    static func privateDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-dir-safety-\(UUID().uuidString)")
        try #require(mkdir(url.path, 0o700) == 0)
        return url
    }

    static func configuration(_ directory: URL) -> LinuxWalletConfiguration {
        var configuration = LinuxWalletConfiguration(
            directory: WalletDirectory(url: directory),
            preferredSecureStore: .plaintextFile,
            allowPlaintextSecrets: true,
            useWebSockets: false
        )
        configuration.watchReachability = false
        // No public Nostr relay from a test.
        configuration.nostrRelays = []
        return configuration
    }

    /// `LinuxWallet.open`'s refusal, which must be `unsafeDirectory` and leave the directory as it was.
    static func refusal(_ directory: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws
        -> LinuxWalletError
    {
        let before = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        let error = await #expect(throws: LinuxWalletError.self, sourceLocation: sourceLocation) {
            let wallet = try await LinuxWallet.open(Self.configuration(directory))
            await wallet.close()
        }
        let after = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(after == before, "nothing is created in a refused directory", sourceLocation: sourceLocation)
        let refused = try #require(error, sourceLocation: sourceLocation)
        #expect(refused.code == .unsafeDirectory, "\(refused)", sourceLocation: sourceLocation)
        #expect(!refused.reason.contains("\n"), sourceLocation: sourceLocation)
        return refused
    }

    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o7777
    }

    @Test("A group-writable wallet directory is refused, naming it and the chmod that fixes it")
    func groupWritableDirectory() async throws {
        let directory = try Self.privateDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try #require(chmod(directory.path, 0o770) == 0)
        let error = try await Self.refusal(directory)
        #expect(error.reason.contains(directory.path))
        #expect(error.reason.contains("writable by group or others (mode 0770)"))
        #expect(error.reason.contains("chmod 700 \(directory.path)"))
        #expect(try Self.mode(directory.path) == 0o770, "a refused directory is not changed")
    }

    @Test("A world-writable wallet file is refused with the chmod that fixes it; a readable one is tightened")
    func worldWritableFile() async throws {
        let directory = try Self.privateDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent(WalletDirectory.databaseFileName).path
        let descriptor = open(database, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0)
        #expect(fchmod(descriptor, 0o666) == 0)
        close(descriptor)
        let error = try await Self.refusal(directory)
        #expect(error.reason.contains("chmod 600 \(database)"), "\(error)")

        // Readable by others is no tampering: the wallet opens and makes it 0600 as it always did.
        try #require(chmod(database, 0o644) == 0)
        #expect(throws: Never.self) { try WalletDirectorySafety.check(WalletDirectory(url: directory)) }
        let wallet = try await LinuxWallet.open(Self.configuration(directory))
        await wallet.close()
        #expect(try Self.mode(database) == 0o600)
    }

    @Test("A wallet directory owned by another user is refused, even for root", .enabled(if: isRoot))
    func foreignDirectory() async throws {
        let directory = try Self.privateDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try #require(chown(directory.path, Self.nobody, Self.nobody) == 0)
        let error = try await Self.refusal(directory)
        #expect(error.reason.contains("the wallet directory \(directory.path) belongs to "), "\(error)")
        #expect(error.reason.contains("uid 65534"))
        #expect(error.reason.contains("run cashu as its owner"))
    }

    @Test("A wallet file or lease owned by another user is refused", .enabled(if: isRoot))
    func foreignFile() async throws {
        let directory = try Self.privateDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let locks = directory.appendingPathComponent("locks")
        try #require(mkdir(locks.path, 0o700) == 0)
        let lease = locks.appendingPathComponent("some-operation.lock").path
        #expect(FileManager.default.createFile(atPath: lease, contents: nil, attributes: [.posixPermissions: 0o600]))
        try #require(chown(lease, Self.nobody, Self.nobody) == 0)
        let error = try await Self.refusal(directory)
        #expect(error.reason.contains("\(lease) belongs to "), "\(error)")
        #expect(error.reason.contains("uid 65534"))
        #expect(error.reason.contains("chown \(geteuid()) \(lease)"))
    }

    @Test("A symlink owned by another user is not followed; one of our own to our directory is")
    func symbolicLinks() async throws {
        let target = try Self.privateDirectory()
        let parent = try Self.privateDirectory()
        defer {
            try? FileManager.default.removeItem(at: target)
            try? FileManager.default.removeItem(at: parent)
        }
        let link = parent.appendingPathComponent("wallet")
        try #require(symlink(target.path, link.path) == 0)
        let wallet = try await LinuxWallet.open(Self.configuration(link))
        await wallet.close()
        #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("wallet.sqlite").path))

        if Self.isRoot {
            try #require(lchown(link.path, Self.nobody, Self.nobody) == 0)
            let error = #expect(throws: LinuxWalletError.self) {
                try WalletDirectorySafety.check(WalletDirectory(url: link))
            }
            #expect(error?.code == .unsafeDirectory)
            #expect(error?.reason.contains("symbolic link owned by ") == true, "\(String(describing: error))")
            #expect(error?.reason.contains("uid 65534") == true)
        }
    }

    @Test("A wallet file that is a symlink to nothing, or someone else's symlink, is refused unfollowed")
    func plantedFileLinks() async throws {
        let directory = try Self.privateDirectory()
        let elsewhere = try Self.privateDirectory()
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: elsewhere)
        }
        // A link to nothing: opening would create the database wherever it points.
        let database = directory.appendingPathComponent(WalletDirectory.databaseFileName)
        let away = elsewhere.appendingPathComponent("w.sqlite")
        try #require(symlink(away.path, database.path) == 0)
        let dangling = try await Self.refusal(directory)
        #expect(dangling.reason.contains("symbolic link to nothing"), "\(dangling)")
        #expect(!FileManager.default.fileExists(atPath: away.path), "nothing was created through the link")

        if Self.isRoot {
            // Someone else's link, even to a file that passes: refused without following it.
            #expect(
                FileManager.default.createFile(
                    atPath: away.path, contents: nil, attributes: [.posixPermissions: 0o600]))
            try #require(lchown(database.path, Self.nobody, Self.nobody) == 0)
            let foreign = try await Self.refusal(directory)
            #expect(foreign.reason.contains("is a symbolic link owned by "), "\(foreign)")
            #expect(foreign.reason.contains("uid 65534"))
        }
    }

    @Test("A new wallet directory is made 0700, and everything the wallet creates in it passes the check")
    func goodDirectory() async throws {
        let parent = try Self.privateDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("new/cashu")
        let wallet = try await LinuxWallet.open(Self.configuration(directory))
        // A lease file in locks/ too, as an operation leaves it while it runs.
        let lease = try wallet.store.operationLeases.acquire(OperationID(rawValue: "safety-test"))
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.contains(WalletDirectory.databaseFileName) && names.contains("locks"), "\(names)")
        #expect(throws: Never.self) { try WalletDirectorySafety.check(WalletDirectory(url: directory)) }
        lease?.release()
        await wallet.close()
        #expect(try Self.mode(directory.path) == 0o700)
        #expect(try Self.mode(directory.deletingLastPathComponent().path) == 0o700, "a missing parent is made 0700")

        let reopened = try await LinuxWallet.open(Self.configuration(directory))
        await reopened.close()
    }
}
