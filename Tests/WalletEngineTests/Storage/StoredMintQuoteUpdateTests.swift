// Engine tests: a stored mint quote follows the mint's answers forward only (nuts#377 stale answers).

@testable import CashuEngine
import Foundation
import Testing

@Suite("StoredMintQuote.updated(reporting:at:)")
struct StoredMintQuoteUpdateTests {
    private func quote(_ state: MintQuoteState) throws -> StoredMintQuote {
        StoredMintQuote(
            id: "q", mintURL: try MintURL("http://127.0.0.1:3338"), unit: .sat, amount: 64, request: "lnbc",
            state: state, createdAt: Date(timeIntervalSince1970: 1), updatedAt: Date(timeIntervalSince1970: 1))
    }

    @Test(
        "an answer ahead of the stored state is taken",
        arguments: [(MintQuoteState.unpaid, MintQuoteState.paid), (.unpaid, .issued), (.paid, .issued)])
    func forwardIsTaken(_ stored: MintQuoteState, _ reported: MintQuoteState) throws {
        let now = Date(timeIntervalSince1970: 99)
        let updated = try quote(stored).updated(reporting: reported, at: now)
        #expect(updated?.state == reported)
        #expect(updated?.updatedAt == now)
    }

    @Test(
        "an answer behind the stored state (stale) or equal to it changes nothing",
        arguments: [(MintQuoteState.issued, MintQuoteState.paid), (.issued, .unpaid), (.paid, .unpaid), (.paid, .paid)])
    func staleOrSameIsIgnored(_ stored: MintQuoteState, _ reported: MintQuoteState) throws {
        #expect(try quote(stored).updated(reporting: reported, at: Date()) == nil)
    }

    @Test("a state this library does not know is kept as reported")
    func unknownIsKept() throws {
        #expect(try quote(.paid).updated(reporting: .unknown("REFUNDED"), at: Date())?.state == .unknown("REFUNDED"))
    }
}
