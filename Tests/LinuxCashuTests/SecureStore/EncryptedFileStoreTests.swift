// Tests of EncryptedFileStore: round trip, wrong passphrase, tampering, file modes, atomic replacement, KDF header.

import CoreCashu
import Foundation
import Testing

@testable import LinuxCashu

@Suite("EncryptedFileStore")
struct EncryptedFileStoreTests {
    /// A cheap KDF for tests (the standard one is exercised once, below).
    static let fast = KDFParameters.scrypt(n: 1 << 10, r: 8, p: 1)

    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("cashu-enc-\(UUID().uuidString)")
    }

    static func store(_ directory: URL, passphrase: String = "correct horse", parameters: KDFParameters = fast) throws
        -> EncryptedFileStore
    {
        try EncryptedFileStore(
            file: directory.appendingPathComponent("wallet/secrets.enc"),
            passphrase: passphrase,
            parameters: parameters
        )
    }

    static func header(_ store: EncryptedFileStore) throws -> [String: Any] {
        let data = try Data(contentsOf: store.file)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func code(of body: () async throws -> Void) async -> SecureStoreError.Code? {
        do {
            try await body()
            return nil
        } catch let error as SecureStoreError {
            return error.code
        } catch {
            return SecureStoreError.Code(rawValue: "other: \(error)")
        }
    }

    @Test("Store, read, overwrite, delete, reopen; binary values; a missing key is nil")
    func roundTrip() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Self.store(directory)
        #expect(try await store.load(key: "mnemonic") == nil)
        let binary = (0...255).map { UInt8($0) }
        try await store.save(SecureBytes(binary), key: "nut20/02ab")
        try await store.save(SecureBytes(Array("one two".utf8)), key: "mnemonic")
        try await store.save(SecureBytes(Array("three".utf8)), key: "mnemonic")
        try await store.save(SecureBytes([]), key: "empty")
        let reopened = try Self.store(directory)
        #expect(try await reopened.load(key: "nut20/02ab")?.exposedSecretBytes == binary)
        #expect(try await reopened.load(key: "mnemonic")?.exposedSecretBytes == Array("three".utf8))
        #expect(try await reopened.load(key: "empty")?.exposedSecretBytes == [])
        try await reopened.delete(key: "mnemonic")
        try await reopened.delete(key: "absent")
        #expect(try await store.load(key: "mnemonic") == nil)
        #expect(try await store.load(key: "nut20/02ab")?.exposedSecretBytes == binary)
        let text = try String(contentsOf: store.file, encoding: .utf8)
        #expect(!text.contains("three") && !text.contains("mnemonic") && !text.contains("nut20"))
    }

    @Test("A wrong passphrase is a typed error, on read, write and unlock, and changes nothing")
    func wrongPassphrase() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Self.store(directory)
        try await store.save(SecureBytes([7]), key: "k")
        let before = try Data(contentsOf: store.file)
        let wrong = try Self.store(directory, passphrase: "correct horsf")
        #expect(await Self.code { _ = try await wrong.load(key: "k") } == .wrongPassphrase)
        #expect(await Self.code { try await wrong.save(SecureBytes([8]), key: "k2") } == .wrongPassphrase)
        #expect(await Self.code { try await wrong.unlock() } == .wrongPassphrase)
        #expect(try Data(contentsOf: store.file) == before)
        #expect(try await store.load(key: "k")?.exposedSecretBytes == [7])
    }

    @Test("A tampered or damaged file is refused as corrupt (or unsupported), and never overwritten")
    func tampering() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Self.store(directory)
        try await store.save(SecureBytes(Array("secret".utf8)), key: "k")
        let original = try Data(contentsOf: store.file)
        let json = try Self.header(store)
        let kdf = json["kdf"] as? [String: Any] ?? [:]

        func flipped(_ value: Any?) -> String {
            var bytes = [UInt8](Data(base64Encoded: value as? String ?? "") ?? Data())
            if !bytes.isEmpty { bytes[bytes.count / 2] ^= 0x01 }
            return Data(bytes).base64EncodedString()
        }
        let cases: [(String, [String: Any], SecureStoreError.Code)] = [
            ("ciphertext", ["ciphertext": flipped(json["ciphertext"])], .corrupt),
            ("nonce", ["nonce": flipped(json["nonce"])], .corrupt),
            ("truncated", ["ciphertext": String((json["ciphertext"] as? String ?? "").prefix(8))], .corrupt),
            ("kdf cost", ["kdf": kdf.merging(["n": 2048]) { $1 }], .wrongPassphrase),
            ("salt", ["kdf": kdf.merging(["salt": flipped(kdf["salt"])]) { $1 }], .wrongPassphrase),
            ("check", ["check": flipped(json["check"])], .wrongPassphrase),
            ("version", ["version": 2], .unsupportedFormat),
            ("cipher", ["cipher": "ChaCha20-Poly1305"], .unsupportedFormat),
            ("kdf", ["kdf": ["algorithm": "argon2id", "salt": "AAAAAAAAAAAAAAAAAAAAAA=="]], .unsupportedFormat),
            ("huge kdf", ["kdf": kdf.merging(["n": 1 << 30]) { $1 }], .corrupt),
            ("format", ["format": "something else"], .corrupt),
        ]
        for (name, change, expected) in cases {
            let tampered = try JSONSerialization.data(withJSONObject: json.merging(change) { $1 })
            try tampered.write(to: store.file)
            let fresh = try Self.store(directory)
            #expect(await Self.code { _ = try await fresh.load(key: "k") } == expected, "\(name)")
            #expect(await Self.code { try await fresh.save(SecureBytes([1]), key: "other") } == expected, "\(name)")
            #expect(try Data(contentsOf: store.file) == tampered, "\(name): the damaged file was overwritten")
        }
        try Data("{not json".utf8).write(to: store.file)
        #expect(await Self.code { _ = try await Self.store(directory).load(key: "k") } == .corrupt)
        try original.write(to: store.file)
        #expect(try await Self.store(directory).load(key: "k")?.exposedSecretBytes == Array("secret".utf8))
    }

    @Test("The file is 0600 in a directory created 0700; an existing directory is left alone")
    func fileModes() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Self.store(directory)
        try await store.save(SecureBytes([1]), key: "k")
        func mode(_ path: String) throws -> Int? {
            try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        }
        #expect(try mode(store.file.path) == 0o600)
        #expect(try mode(store.file.deletingLastPathComponent().path) == 0o700)

        let shared = directory.appendingPathComponent("shared")
        try FileManager.default.createDirectory(
            at: shared,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755]
        )
        let other = try EncryptedFileStore(
            file: shared.appendingPathComponent("secrets.enc"),
            passphrase: "x",
            parameters: Self.fast
        )
        try await other.save(SecureBytes([1]), key: "k")
        #expect(try mode(other.file.path) == 0o600)
        #expect(try mode(shared.path) == 0o755)
    }

    @Test("Each write replaces the file by rename, leaves no temporary file, and readers never see half a file")
    func atomicReplace() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Self.store(directory)
        try await store.save(SecureBytes([0]), key: "k")
        let inode = try FileManager.default.attributesOfItem(atPath: store.file.path)[.systemFileNumber] as? Int
        // Held open, the first file keeps its inode: a freed one may be reused by a later write (seen in a loaded run).
        let first = try FileHandle(forReadingFrom: store.file)
        defer { try? first.close() }
        let reader = try Self.store(directory)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for round in 1...30 { try await store.save(SecureBytes([UInt8(round)]), key: "k") }
            }
            group.addTask {
                for _ in 1...60 {
                    let value = try await reader.load(key: "k")
                    #expect(value != nil)
                }
            }
            try await group.waitForAll()
        }
        let after = try FileManager.default.attributesOfItem(atPath: store.file.path)[.systemFileNumber] as? Int
        #expect(inode != after)
        let names = try FileManager.default.contentsOfDirectory(atPath: store.file.deletingLastPathComponent().path)
        #expect(Set(names) == ["secrets.enc", "secrets.enc.lock"])
        #expect(try await reader.load(key: "k")?.exposedSecretBytes == [30])
    }

    @Test("Two stores on one file (two processes) do not lose each other's secrets")
    func twoWriters() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try Self.store(directory)
        let second = try Self.store(directory)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                group.addTask { try await first.save(SecureBytes([UInt8(index)]), key: "first-\(index)") }
                group.addTask { try await second.save(SecureBytes([UInt8(index)]), key: "second-\(index)") }
            }
            try await group.waitForAll()
        }
        for index in 0..<10 {
            #expect(try await first.load(key: "second-\(index)")?.exposedSecretBytes == [UInt8(index)])
            #expect(try await second.load(key: "first-\(index)")?.exposedSecretBytes == [UInt8(index)])
        }
    }

    @Test("The KDF and its parameters are in the header, and a file is always read with its own")
    func kdfParameters() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Self.store(directory, parameters: .scrypt(n: 1 << 11, r: 4, p: 2))
        try await store.save(SecureBytes([1]), key: "k")
        let kdf = try #require(try Self.header(store)["kdf"] as? [String: Any])
        #expect(kdf["algorithm"] as? String == "scrypt")
        #expect(kdf["n"] as? Int == 2048 && kdf["r"] as? Int == 4 && kdf["p"] as? Int == 2)
        #expect((Data(base64Encoded: kdf["salt"] as? String ?? "")?.count ?? 0) == 16)
        #expect(try await store.fileParameters() == .scrypt(n: 2048, r: 4, p: 2))

        // Another store configured with other parameters reads the file with the header's, and keeps them.
        let other = try Self.store(directory, parameters: Self.fast)
        try await other.save(SecureBytes([2]), key: "k2")
        #expect(try await other.fileParameters() == .scrypt(n: 2048, r: 4, p: 2))
        #expect(try await store.load(key: "k2")?.exposedSecretBytes == [2])

        // Re-keying moves the file to new parameters and a new salt; the old passphrase stops working.
        let pbkdf2 = KDFParameters.pbkdf2(hash: .sha256, rounds: 600_000)
        try await other.changePassphrase(to: SecureBytes(Array("new passphrase".utf8)), parameters: pbkdf2)
        #expect(try await other.fileParameters() == pbkdf2)
        let rekeyed = try #require(try Self.header(other)["kdf"] as? [String: Any])
        #expect(rekeyed["algorithm"] as? String == "pbkdf2" && rekeyed["rounds"] as? Int == 600_000)
        #expect(rekeyed["salt"] as? String != kdf["salt"] as? String)
        #expect(await Self.code { _ = try await Self.store(directory).load(key: "k") } == .wrongPassphrase)
        let reopened = try Self.store(directory, passphrase: "new passphrase")
        #expect(try await reopened.load(key: "k")?.exposedSecretBytes == [1])
        #expect(try await other.load(key: "k2")?.exposedSecretBytes == [2])
    }

    @Test("The standard KDF (scrypt N=2^17, r=8, p=1) derives and round-trips")
    func standardKDF() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try Self.store(directory, parameters: .standard)
        try await store.save(SecureBytes([9]), key: "k")
        #expect(try await Self.store(directory).load(key: "k")?.exposedSecretBytes == [9])
        #expect(try await store.fileParameters() == .scrypt(n: 131_072, r: 8, p: 1))
    }

    @Test("Refused parameters and passphrases")
    func refusals() async throws {
        let file = Self.directory().appendingPathComponent("secrets.enc")
        #expect(throws: SecureStoreError.self) { try EncryptedFileStore(file: file, passphrase: "") }
        for bad in [
            KDFParameters.scrypt(n: 1000, r: 8, p: 1), .scrypt(n: 512, r: 8, p: 1), .scrypt(n: 1 << 24, r: 8, p: 1),
            .scrypt(n: 1 << 10, r: 0, p: 1), .pbkdf2(hash: .sha512, rounds: 100_000),
        ] {
            #expect(throws: SecureStoreError.self, "\(bad)") {
                try EncryptedFileStore(file: file, passphrase: "x", parameters: bad)
            }
        }
        #expect(EncryptedFileStore.passphrase(from: ["CASHU_PASSPHRASE": "pw"])?.exposedSecretBytes == Array("pw".utf8))
        #expect(EncryptedFileStore.passphrase(from: ["CASHU_PASSPHRASE": ""]) == nil)
        #expect(EncryptedFileStore.passphrase(from: [:]) == nil)
    }
}
