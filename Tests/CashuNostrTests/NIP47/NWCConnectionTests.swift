// NIP-47 — connections: made with fresh keys and their URI, stored as JSON, the service secret never printed.

import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-47 connections")
struct NWCConnectionTests {
    static func make() throws -> (connection: NWCConnection, uri: NWCConnectionURI) {
        NWCConnection.create(
            name: "app", relays: [try NostrRelayURL("wss://a.example"), try NostrRelayURL("wss://b.example")],
            budget: NWCBudget(limitSats: 1_000, renewal: .monthly), lud16: "me@example.com", createdAt: 100,
            expiresAt: 200)
    }

    @Test("a new connection: one service key per connection, the URI names it and carries the client's secret")
    func create() throws {
        let (connection, uri) = try Self.make()
        let (other, _) = try Self.make()
        #expect(connection.servicePublicKey != other.servicePublicKey)
        #expect(connection.id != other.id)
        #expect(connection.id.count == 16)
        #expect(uri.walletPublicKey == connection.servicePublicKey)
        #expect(uri.secret.publicKey == connection.clientPublicKey)
        #expect(uri.relays == connection.relays)
        #expect(uri.lud16 == "me@example.com")
        #expect(try NWCConnectionURI(uri.uriString) == uri)
        #expect(connection.methods == NWCMethod.walletServiceMethods)
    }

    @Test("active until it expires or is revoked")
    func active() throws {
        var (connection, _) = try Self.make()
        #expect(connection.isActive(at: 199))
        #expect(!connection.isActive(at: 200))
        connection.revokedAt = 150
        #expect(connection.isRevoked)
        #expect(!connection.isActive(at: 160))
    }

    @Test("JSON keeps every field, the service key included; descriptions never print it")
    func codable() throws {
        let (connection, _) = try Self.make()
        let data = try JSONEncoder().encode(connection)
        let decoded = try JSONDecoder().decode(NWCConnection.self, from: data)
        #expect(decoded == connection)
        #expect(decoded.serviceKeys.privateKey == connection.serviceKeys.privateKey)
        let secret = connection.serviceKeys.privateKey.exposedSecretHex
        #expect(String(decoding: data, as: UTF8.self).contains(secret))
        #expect(!connection.description.contains(secret))
        #expect(!connection.debugDescription.contains(secret))
        #expect(!String(reflecting: connection).contains(secret))
        #expect(!"\(connection)".contains(secret))
    }

    @Test("a stored connection with a bad service secret does not decode")
    func badSecret() throws {
        let (connection, _) = try Self.make()
        var object = try #require(
            try JSONSerialization.jsonObject(with: try JSONEncoder().encode(connection)) as? [String: Any])
        object["serviceSecret"] = "00"
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(NWCConnection.self, from: data) }
    }
}
