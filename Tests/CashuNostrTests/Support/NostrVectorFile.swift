// Test support — the one loader for the Nostr vector files under Vectors/ (nip44.vectors.json, nostr-*.json).

import CashuEngine
import Crypto
import Foundation

/// Loads the JSON vector files the Nostr tests are parameterised over.
enum NostrVectorFile {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // CashuNostrTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Vectors")

    /// The bytes of `Vectors/<fileName>`. Test-only code: a missing file is a test failure, so it traps.
    static func data(_ fileName: String) -> Data {
        try! Data(contentsOf: directory.appendingPathComponent(fileName))
    }

    /// `Vectors/<fileName>` decoded as `T`. A broken file traps, as a missing one does.
    static func load<T: Decodable>(_ fileName: String, as type: T.Type = T.self) -> T {
        try! JSONDecoder().decode(T.self, from: data(fileName))
    }
}

/// Small helpers the vector checks share.
enum VectorBytes {
    /// Hex that the vector file guarantees is valid.
    static func hex(_ text: String) -> [UInt8] { try! Hex.decode(text) }

    /// SHA-256 of `bytes` as lowercase hex.
    static func sha256(_ bytes: some DataProtocol) -> String { Hex.encode(SHA256.hash(data: bytes)) }
}
