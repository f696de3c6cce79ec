// NUT-18 over Nostr — which payments the inbox receives, and how far back it reads.

import CoreCashu
import Testing

@testable import CashuServices

@Suite("NUT-18 Nostr inbox decisions")
struct NostrPaymentDecisionTests {
    static let proof = Proof(
        amount: 1, id: try! KeysetID(hex: "009a1f293253e41e"), secret: "s",
        C: try! Point(hex: "02a9acc1e48c25eeeb9289b5031cc57da9fe72f3fe2861d264bdc074209b107ba2"))

    static func payload(id: String?, mint: String, unit: String = "sat") -> PaymentRequestPayload {
        PaymentRequestPayload(id: id, mint: mint, unit: unit, proofs: [proof])
    }

    let open = [
        "r1": OpenNostrRequest(id: "r1", amount: 10, unit: "sat", mints: ["https://a.example"], createdAt: 0),
        "r2": OpenNostrRequest(id: "r2", amount: nil, unit: "sat", mints: [], createdAt: 0),
    ]

    @Test("a payment for an open request from an accepted mint is received (its mint added when new)")
    func accepted() {
        let first = NostrPaymentDecision.decide(
            Self.payload(id: "r1", mint: "https://a.example"), requests: open, walletMints: [])
        #expect(first == .receive(request: "r1", addMint: true))
        #expect(
            NostrPaymentDecision.decide(
                Self.payload(id: "r2", mint: "https://w.example"), requests: open, walletMints: ["https://w.example"])
                == .receive(request: "r2", addMint: false))
    }

    @Test("another mint, unit, unknown request from an unknown mint, or no proofs: left alone")
    func ignored() {
        let cases = [
            Self.payload(id: "r1", mint: "https://b.example"),
            Self.payload(id: "r1", mint: "https://a.example", unit: "usd"),
            Self.payload(id: "r9", mint: "https://b.example"), Self.payload(id: "r2", mint: "https://b.example"),
            PaymentRequestPayload(id: "r1", mint: "https://a.example", unit: "sat", proofs: []),
        ]
        for payload in cases {
            guard case .ignore = NostrPaymentDecision.decide(payload, requests: open, walletMints: []) else {
                Issue.record("received \(payload)")
                continue
            }
        }
        #expect(
            NostrPaymentDecision.decide(
                Self.payload(id: nil, mint: "https://w.example"), requests: open, walletMints: ["https://w.example"])
                == .receive(request: nil, addMint: false))
    }

    @Test("reads look back two days (NIP-59 dates wraps in the past); old handled ids are forgotten")
    func lookBack() {
        var state = NostrInboxState()
        state.requests["r"] = OpenNostrRequest(id: "r", amount: nil, unit: "sat", mints: [], createdAt: 1_000_000)
        #expect(state.since == 1_000_000 - NostrInboxState.lookBack)
        state.readUntil = 2_000_000
        state.handled = ["old": 100, "recent": 1_990_000]
        state.prune()
        #expect(state.handled.keys.sorted() == ["recent"])
    }
}
