// Nutshell interop — NUT-04/20/03: real mint quotes, mint and swap answers, with every signature's DLEQ checked.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

extension NutshellFixtureTests {
    @Test("POST /v1/mint/quote/bolt11 decodes (UNPAID, no pubkey)")
    func mintQuote() throws {
        let quote = try NutshellFixture.decode(MintQuoteBolt11Response.self, NutshellFixture.response("mint-quote"))
        #expect(quote.state == .unpaid)
        #expect(quote.amount == 64)
        #expect(quote.unit == .sat)
        #expect(quote.pubkey == nil)
        #expect(quote.expiry != nil)
        #expect(quote.request.hasPrefix("lnbc640n1"))
    }

    @Test("POST /v1/mint/quote/bolt11 with a NUT-20 pubkey echoes it")
    func mintQuoteNUT20() throws {
        let sent = try NutshellFixture.object(NutshellFixture.request("mint-quote-nut20"))
        let quote = try NutshellFixture.decode(
            MintQuoteBolt11Response.self,
            NutshellFixture.response("mint-quote-nut20")
        )
        #expect(quote.pubkey == (try Point(hex: try #require(sent["pubkey"] as? String))))
        #expect(quote.amount == 16)
        #expect(quote.state == .unpaid)
    }

    /// Nutshell's GET of a quote without a NUT-20 key sends `"pubkey": ""` (its POST sends `null`): read as no key.
    @Test("GET /v1/mint/quote/bolt11/{id} sends pubkey \"\" for an unlocked quote; it decodes as no key")
    func mintQuoteGetEmptyPubkey() throws {
        for name in ["mint-quote-paid", "mint-quote-issued"] {
            let raw = try NutshellFixture.object(NutshellFixture.response(name))
            #expect(raw["pubkey"] as? String == "", "\(name)")
            let quote = try NutshellFixture.decode(MintQuoteBolt11Response.self, NutshellFixture.response(name))
            #expect(quote.pubkey == nil)
        }
    }

    @Test("GET /v1/mint/quote/bolt11/{id}: PAID before minting, ISSUED after")
    func mintQuoteStates() throws {
        for (name, state) in [("mint-quote-paid", MintQuoteState.paid), ("mint-quote-issued", .issued)] {
            let quote = try NutshellFixture.decode(MintQuoteBolt11Response.self, NutshellFixture.response(name))
            #expect(quote.state == state, "\(name)")
            #expect(quote.amount == 64)
            #expect(quote.pubkey == nil)
            // Nutshell drops the expiry once the quote is paid.
            #expect(quote.expiry == nil)
        }
    }

    @Test("POST /v1/mint/bolt11: signatures match the outputs and carry valid DLEQ proofs")
    func mint() throws {
        let request = try NutshellFixture.decode(MintRequest.self, NutshellFixture.request("mint"))
        let response = try NutshellFixture.decode(MintResponse.self, NutshellFixture.response("mint"))
        try SwapResponse.validate(signatures: response.signatures, answer: request.outputs)
        #expect(response.signatures.reduce(0) { $0 + $1.amount } == 64)
        try verifySignatures(
            response.signatures,
            outputs: request.outputs,
            wallet: NutshellFixture.wallet("mint"),
            keyset: NutshellFixture.keyset()
        )
    }

    /// The capture script signs with NUT-20's legacy message, which Nutshell 0.21.0 still accepts (after the hardened
    /// one fails, with a deprecation warning); the wallet signs the hardened one (Vectors/nut20.json).
    @Test("NUT-20: the legacy signature Nutshell accepted verifies with our legacy rule; minted signatures valid")
    func mintNUT20() throws {
        let quote = try NutshellFixture.decode(
            MintQuoteBolt11Response.self,
            NutshellFixture.response("mint-quote-nut20")
        )
        let pubkey = try #require(quote.pubkey)
        let request = try NutshellFixture.decode(MintRequest.self, NutshellFixture.request("mint-nut20"))
        #expect(request.quote == quote.quote)
        let signature = try #require(request.signature)
        try MintQuoteSignature.verify(
            signature: signature,
            quote: request.quote,
            outputs: request.outputs,
            pubkey: pubkey,
            scheme: .legacy
        )
        // The one Nutshell refused (code 20008) was made with another key and must not verify either.
        let refused = try NutshellFixture.decode(
            MintRequest.self,
            NutshellFixture.request("error-mint-nut20-wrong-key")
        )
        let refusedSignature = try #require(refused.signature)
        #expect(
            !MintQuoteSignature.isValid(
                signature: refusedSignature,
                quote: refused.quote,
                outputs: refused.outputs,
                pubkey: pubkey,
                scheme: .legacy
            )
        )
        let response = try NutshellFixture.decode(MintResponse.self, NutshellFixture.response("mint-nut20"))
        try SwapResponse.validate(signatures: response.signatures, answer: request.outputs)
        try verifySignatures(
            response.signatures,
            outputs: request.outputs,
            wallet: NutshellFixture.wallet("mint-nut20"),
            keyset: NutshellFixture.keyset()
        )
    }

    @Test("POST /v1/swap: our fee rule matches the mint's, signatures valid")
    func swap() throws {
        let request = try NutshellFixture.decode(SwapRequest.self, NutshellFixture.request("swap"))
        let response = try NutshellFixture.decode(SwapResponse.self, NutshellFixture.response("swap"))
        try response.validate(against: request)
        let keysets = try NutshellFixture.decode(KeysetsResponse.self, NutshellFixture.response("keysets"))
        let fee = try InputFees.fee(for: request.inputs, keysets: keysets.keysets)
        #expect(fee == 1)
        let inputs = request.inputs.reduce(0) { $0 + $1.amount }
        let outputs = request.outputs.reduce(0) { $0 + $1.amount }
        // The mint accepted exactly inputs - fee.
        #expect(inputs == outputs + fee)
        try verifySignatures(
            response.signatures,
            outputs: request.outputs,
            wallet: NutshellFixture.wallet("swap"),
            keyset: NutshellFixture.keyset()
        )
    }
}
