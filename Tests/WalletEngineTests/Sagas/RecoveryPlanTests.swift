// Engine tests: recovery's decisions for each unfinished operation, and orphaned reservations.

@testable import CashuEngine
import Foundation
import Testing

@Suite("RecoveryPlan")
struct RecoveryPlanTests {
    typealias F = SagaFixtures
    let mint: MintURL = {
        do { return try MintURL("https://recovery.test") } catch { preconditionFailure("fixture url") }
    }()

    private func record(_ kind: OperationKind, state: OperationState = .prepared, payload: some Encodable)
        throws -> OperationRecord
    {
        OperationRecord(
            id: F.operationID, kind: kind, mintURL: mint, unit: .sat, state: state,
            payload: try Wallet.encodeJSON(payload))
    }

    @Test("a mint is sent again")
    func mintResumes() throws {
        let step = try RecoveryPlan.step(for: try record(.mint, payload: F.mintJournal()))
        guard case .resumeMint = step else {
            Issue.record("expected resumeMint")
            return
        }
    }

    @Test("a prepared or in-flight melt is sent again", arguments: [OperationState.prepared, .inFlight])
    func meltResumes(_ state: OperationState) throws {
        let step = try RecoveryPlan.step(
            for: try record(.melt, state: state, payload: F.meltJournal()))
        guard case .resumeMelt = step else { Issue.record("expected resumeMelt"); return }
    }

    @Test("a melt the mint reported pending is resolved from the quote, never sent again")
    func pendingMeltResolves() throws {
        let step = try RecoveryPlan.step(
            for: try record(.melt, state: .pending, payload: F.meltJournal()))
        guard case .resolveMelt = step else { Issue.record("expected resolveMelt"); return }
    }

    @Test("swaps of every purpose are sent again", arguments: [OperationKind.swap, .receive, .reclaim, .send])
    func swapsResume(_ kind: OperationKind) throws {
        let step = try RecoveryPlan.step(for: try record(kind, payload: F.swapJournal()))
        guard case .resumeSwap = step else { Issue.record("expected resumeSwap"); return }
    }

    @Test("a restore is closed: it journals no request")
    func restoreCloses() throws {
        let step = try RecoveryPlan.step(
            for: try record(.restore, payload: QuoteReference(quoteID: "x")))
        guard case .close = step else { Issue.record("expected close"); return }
    }

    @Test("an unreadable journal is an error, not a guess")
    func unreadableJournalThrows() {
        let broken = OperationRecord(
            id: F.operationID, kind: .melt, mintURL: mint, unit: .sat, state: .prepared, payload: Array("{".utf8))
        #expect(throws: WalletError.self) { try RecoveryPlan.step(for: broken) }
    }

    @Test("an unlocked send whose call never returned becomes a swap that sent nothing")
    func unlockedSendBecomesSwap() {
        let journal = F.swapJournal(purpose: .send, sendIndices: [0, 2])
        let recovered = RecoveryPlan.recoveredSwap(journal)
        #expect(recovered.purpose == .swap)
        #expect(recovered.sendIndices.isEmpty)
        #expect(recovered.amount == 0)
        #expect(recovered.request == journal.request)
        #expect(recovered.outputs == journal.outputs)
    }

    @Test("a send locked to the receiver stays a send: its outputs are not the wallet's to spend")
    func lockedSendStays() throws {
        let key = CompressedPoint(Point(generatorMultipliedBy: Scalar.random())).hex
        let secret = #"["P2PK",{"nonce":"5d11913ee0f92fefdc82a6764fd2457a","data":""# + key + #"","tags":[]}]"#
        var outputs = F.outputs([1, 2])
        outputs[1] = try OutputFactory.withSecrets([secret], amounts: [2], keysetID: F.keysetID)[0]
        let journal = F.swapJournal(purpose: .send, outputs: outputs, sendIndices: [1])
        #expect(RecoveryPlan.recoveredSwap(journal).purpose == .send)
    }

    @Test("other swap journals are resumed as written", arguments: [SwapJournal.Purpose.swap, .receive, .reclaim])
    func otherSwapsUnchanged(_ purpose: SwapJournal.Purpose) {
        let journal = F.swapJournal(purpose: purpose)
        #expect(RecoveryPlan.recoveredSwap(journal).purpose == purpose)
        #expect(RecoveryPlan.recoveredSwap(journal).amount == journal.amount)
    }

    @Test("reserved proofs of closed or missing operations are orphans; of open ones, not")
    func orphans() throws {
        let proofs = F.proofs([1, 2, 4, 8])
        let open = OperationID(rawValue: "open")
        let closed = OperationID(rawValue: "closed")
        let owners: [OperationID?] = [open, closed, nil, open]
        var stored: [StoredProof] = []
        for (proof, owner) in zip(proofs, owners) {
            stored.append(
                try StoredProof(proof: proof, mintURL: mint, unit: .sat, status: .reserved, operationID: owner))
        }
        let orphans = RecoveryPlan.orphans(reserved: stored, open: [open])
        #expect(Set(orphans) == Set([F.Y(proofs[1]), F.Y(proofs[2])]))
    }

    @Test("only reserved proofs can be orphans: pending and sent ones are never touched")
    func onlyReservedAreOrphans() throws {
        let proofs = F.proofs([1, 2])
        let stored = [
            try StoredProof(proof: proofs[0], mintURL: mint, unit: .sat, status: .pending, operationID: nil),
            try StoredProof(proof: proofs[1], mintURL: mint, unit: .sat, status: .sent, operationID: nil),
        ]
        #expect(RecoveryPlan.orphans(reserved: stored, open: []).isEmpty)
    }
}
