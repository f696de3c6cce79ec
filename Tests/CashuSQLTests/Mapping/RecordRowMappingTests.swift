// Tests of CashuSQL/Mapping: every record written to its row and read back, in plaintext and sealed, unchanged.

import CashuSQL
import Foundation
import Testing

@testable import CashuEngine

@Suite("Record row mapping")
struct RecordRowMappingTests {
    static let sealer = RecordSealer(seed: SecureBytes(Array(0..<64).map { UInt8($0) }), generation: 0)
    static let mint = URLs.mint
    static let t0 = Date(timeIntervalSinceReferenceDate: 780_000_000.123_456_789)

    enum URLs {
        static let mint: MintURL = {
            do { return try MintURL("https://mint.example/cashu") } catch { preconditionFailure("\(error)") }
        }()
    }

    static func proof() throws -> StoredProof {
        var proof = Proof(
            amount: 1 << 63, id: try KeysetID(hex: "009a1f293253e41e"), secret: "do-not-print-this-secret",
            C: Scalar.random().publicKey)
        proof.dleq = ProofDLEQ(e: Scalar.random(), s: Scalar.random(), r: Scalar.random())
        proof.witness = #"{"signatures":["00ff"]}"#
        proof.p2pkE = Scalar.random().publicKey
        return try StoredProof(
            proof: proof, mintURL: mint, unit: .sat, status: .reserved, operationID: .random(), createdAt: t0)
    }

    @Test(arguments: [false, true])
    func proofsRoundTrip(sealed: Bool) throws {
        let proof = try Self.proof()
        let sealer = sealed ? Self.sealer : nil
        let values = try proof.sqlValues(sealer: sealer)
        #expect(values.count == StoredProof.sqlColumnCount)
        if sealed { #expect(!values.contains(.text("do-not-print-this-secret"))) }
        let row = DictionaryRow(columns: StoredProof.sqlColumns, values: values)
        #expect(try StoredProof(sqlRow: row, sealer: sealer) == proof)
        if sealed {
            #expect(throws: StorageError.self) { try StoredProof(sqlRow: row, sealer: nil) }
        }
    }

    @Test(arguments: [false, true])
    func journalQueueQuotesAndTokensRoundTrip(sealed: Bool) throws {
        let sealer = sealed ? Self.sealer : nil
        let operation = OperationRecord(
            id: .random(), kind: .melt, mintURL: Self.mint, unit: .sat, state: .prepared, payload: [0, 1, 0xff],
            createdAt: Self.t0, updatedAt: Self.t0.addingTimeInterval(1))
        #expect(
            try OperationRecord(
                sqlRow: DictionaryRow(columns: OperationRecord.sqlColumns, values: operation.sqlValues(sealer: sealer)),
                sealer: sealer) == operation)
        let quote = StoredMintQuote(
            id: "quote-1", mintURL: Self.mint, unit: .sat, amount: 21, request: "lnbc210n1", state: .unpaid,
            pubkey: Scalar.random().publicKey, createdAt: Self.t0, updatedAt: Self.t0)
        let quoteValues = try quote.sqlValues(sealer: sealer)
        #expect(quoteValues.first == .text(StoredMintQuote.idColumn("quote-1", sealer: sealer)))
        #expect(
            try StoredMintQuote(
                sqlRow: DictionaryRow(columns: StoredMintQuote.sqlColumns, values: quoteValues), sealer: sealer)
                == quote)
        let token = StoredAuthProof(
            mintURL: Self.mint,
            proof: AuthProof(
                id: try KeysetID(hex: "009a1f293253e41e"), secret: "auth-secret", C: Scalar.random().publicKey),
            createdAt: Self.t0)
        #expect(
            try StoredAuthProof(
                sqlRow: DictionaryRow(columns: StoredAuthProof.sqlColumns, values: token.sqlValues(sealer: sealer)),
                sealer: sealer) == token)
    }

    @Test func keysetsMintsMeltQuotesAndHistoryRoundTrip() throws {
        let keyset = StoredKeyset(
            mintURL: Self.mint, id: try KeysetID(hex: "009a1f293253e41e"), unit: .sat, active: true,
            inputFeePPK: 100, finalExpiry: UInt64.max,
            keys: try KeysetKeys([1: Scalar.random().publicKey, 1 << 63: Scalar.random().publicKey]))
        #expect(
            try StoredKeyset(sqlRow: DictionaryRow(columns: StoredKeyset.sqlColumns, values: keyset.sqlValues()))
                == keyset)
        let mint = StoredMint(url: Self.mint, infoJSON: Array("{}".utf8), infoFetchedAt: nil, addedAt: Self.t0)
        #expect(try StoredMint(sqlRow: DictionaryRow(columns: StoredMint.sqlColumns, values: mint.sqlValues)) == mint)
        let melt = StoredMeltQuote(
            id: "melt-1", mintURL: Self.mint, unit: .sat, request: "lnbc1", amount: 100, feeReserve: 2,
            state: .unpaid, createdAt: Self.t0, updatedAt: Self.t0)
        #expect(
            try StoredMeltQuote(sqlRow: DictionaryRow(columns: StoredMeltQuote.sqlColumns, values: melt.sqlValues))
                == melt)
    }
}
