// Tests of OfflineQueue/OpenReceiveLookup.swift: an open receive is found by the token's secrets in its payload.

import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("Open receive lookup")
struct OpenReceiveLookupTests {
    typealias F = QueueFixtures

    static func token(secrets: [String], mint: MintURL = QueueFixtures.mintA) throws -> String {
        let id = try KeysetID(hex: "009a1f293253e41e")
        let proofs = secrets.map { Proof(amount: 2, id: id, secret: $0, C: Scalar.random().publicKey) }
        return try Token(mint: mint.rawValue, unit: "sat", proofs: proofs).serialized()
    }

    static func operation(_ kind: OperationKind, _ state: OperationState, payload: some Encodable) throws
        -> OperationRecord
    {
        OperationRecord(
            id: .random(),
            kind: kind,
            mintURL: F.mintA,
            unit: .sat,
            state: state,
            payload: Array(try JSONEncoder().encode(payload))
        )
    }

    @Test func allSecretsInAnOpenReceiveMatchEvenWithJSONEscapes() throws {
        let secrets = [String(repeating: "ab", count: 32), #"["P2PK",{"nonce":"a/b","data":"02ff"}]"#]
        let lookup = try #require(OpenReceiveLookup(token: try Self.token(secrets: secrets), mint: F.mintA))
        let payload = ["request": ["inputs": secrets.map { ["secret": $0, "amount": "2"] }]]
        let open = try Self.operation(.receive, .inFlight, payload: payload)
        let partial = try Self.operation(.receive, .prepared, payload: ["inputs": [secrets[0]]])
        let closed = try Self.operation(.receive, .done, payload: payload)
        let send = try Self.operation(.send, .prepared, payload: payload)
        #expect(lookup.find(in: [partial, closed, send, open]) == open.id)
        // One holding only some of them is found too (a part of a receive split into several swaps).
        #expect(lookup.find(in: [partial, closed, send]) == partial.id)
        #expect(lookup.find(in: [closed, send]) == nil)
    }

    @Test("a token received in several swaps: an open part holding any of its secrets is found, by its group's leader")
    func partsOfASplitReceive() throws {
        let secrets = (0..<4).map { String(repeating: "\($0)a", count: 32) }
        let lookup = try #require(OpenReceiveLookup(token: try Self.token(secrets: secrets), mint: F.mintA))
        let first = try Self.operation(.receive, .done, payload: ["inputs": Array(secrets[0..<2])])
        let second = try Self.operation(.receive, .inFlight, payload: ["inputs": Array(secrets[2..<4])])
        #expect(lookup.find(in: [first, second]) == second.id)
        let leader = OperationID.random()
        struct GroupedPart: Encodable {
            var inputs: [String]
            var group: [String: String]
        }
        let grouped = try Self.operation(
            .receive, .prepared,
            payload: GroupedPart(inputs: Array(secrets[2..<4]), group: ["leader": leader.rawValue]))
        #expect(lookup.find(in: [first, grouped]) == leader)
        #expect(lookup.find(in: [first]) == nil)
    }

    @Test func byteSearch() {
        #expect(OpenReceiveLookup.contains(Array("hello world".utf8), Array("o w".utf8)))
        #expect(!OpenReceiveLookup.contains(Array("hello".utf8), Array("hello!".utf8)))
        #expect(OpenReceiveLookup.contains(Array("abc".utf8), Array("abc".utf8)))
        #expect(!OpenReceiveLookup.contains([], [1]))
    }

    @Test func tokensElsewhereOrUnreadableGiveNoLookup() throws {
        #expect(OpenReceiveLookup(token: "cashuBnope", mint: F.mintA) == nil)
        #expect(OpenReceiveLookup(token: try Self.token(secrets: ["x"], mint: F.mintB), mint: F.mintA) == nil)
    }
}
