// Nutshell interop — loads the responses captured from a real Nutshell 0.21.0 mint by scripts/test-mint/capture.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

/// The fixtures under `Tests/CoreCashuTests/Fixtures/nutshell-0.21.0/`, found from this file's path (the test target
/// declares no resources).
enum NutshellFixture {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Nutshell
        .deletingLastPathComponent()  // NUTs
        .deletingLastPathComponent()  // CoreCashuTests
        .appendingPathComponent("Fixtures")
        .appendingPathComponent("nutshell-0.21.0")

    /// A fixture file, or a part of one, that is missing or not of the expected shape.
    struct FixtureMissing: Error, CustomStringConvertible {
        var name: String
        var description: String { "fixture \(name) missing or malformed; run scripts/test-mint/capture" }
    }

    /// The raw bytes of a fixture file.
    static func data(_ filename: String) throws -> Data {
        let url = directory.appendingPathComponent(filename)
        guard let data = FileManager.default.contents(atPath: url.path) else { throw FixtureMissing(name: filename) }
        return data
    }

    /// The mint's answer to exchange `name`, byte for byte.
    static func response(_ name: String) throws -> Data { try data("\(name).response.json") }

    /// What the capture script sent for exchange `name`.
    static func request(_ name: String) throws -> Data { try data("\(name).request.json") }

    /// Decodes a captured body with our model.
    static func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    /// A captured body as a JSONSerialization object.
    static func object(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw FixtureMissing(name: "a JSON object")
        }
        return object
    }

    /// The capture's manifest: each exchange's method, path and HTTP status; each token's amount; the mint URL.
    static func manifest() throws -> [String: Any] { try object(data("manifest.json")) }

    /// The HTTP status of exchange `name`.
    static func status(_ name: String) throws -> Int {
        let exchanges = try manifest()["exchanges"] as? [String: [String: Any]]
        guard let status = exchanges?[name]?["status"] as? Int else { throw FixtureMissing(name: "status of \(name)") }
        return status
    }

    /// The wallet side of exchange `name` (secrets and blinding factors the capture script made).
    static func wallet(_ name: String) throws -> [(secret: String, r: Scalar)] {
        let entries = try JSONDecoder().decode([[String: String]].self, from: data("\(name).wallet.json"))
        return try entries.map { entry in
            guard let secret = entry["secret"], let r = entry["r"] else { throw FixtureMissing(name: "\(name) wallet") }
            return (secret, try Scalar(hex: r))
        }
    }

    /// The mint's one active sat keyset, from `GET /v1/keys`.
    static func keyset() throws -> MintKeyset {
        let keys = try decode(KeysResponse.self, response("keys"))
        guard let keyset = keys.keysets.first(where: { $0.unit == .sat }) else { throw FixtureMissing(name: "keyset") }
        return keyset
    }

    /// A captured token string.
    static func token(_ filename: String) throws -> String {
        String(decoding: try data(filename), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Checks every signature's DLEQ (NUT-12) against the output it answers, then unblinds it with the capture's `r` and
/// checks the resulting proof's DLEQ too, as a receiver would.
func verifySignatures(
    _ signatures: [BlindSignature],
    outputs: [BlindedMessage],
    wallet: [(secret: String, r: Scalar)],
    keyset: MintKeyset
) throws {
    try #require(signatures.count <= outputs.count && signatures.count <= wallet.count)
    for (index, signature) in signatures.enumerated() {
        let key = try #require(keyset.keys[signature.amount], "no key for amount \(signature.amount)")
        #expect(signature.id == keyset.id)
        try signature.verifyDLEQ(blindedMessage: outputs[index], mintKey: key)
        let dleq = try #require(signature.dleq)
        let C = try BDHKE.unblind(C_: signature.C_, r: wallet[index].r, mintKey: key)
        let proof = Proof(
            amount: signature.amount,
            id: signature.id,
            secret: wallet[index].secret,
            C: C,
            dleq: ProofDLEQ(dleq, r: wallet[index].r)
        )
        try proof.verifyDLEQ(mintKey: key)
    }
}

/// Real responses of Nutshell 0.21.0 (FakeWallet, input fees 100 ppk) decoded and checked with our models.
@Suite("Nutshell 0.21.0 fixtures")
struct NutshellFixtureTests {}
