// NUT-18 over Nostr — the inbox's step for a payment from its queue entry's state.

import CoreCashu
import Testing

@testable import CashuServices

@Suite("NUT-18 Nostr inbox settle steps")
struct NostrSettleStepTests {
    @Test(
        "a pending entry runs once per pass, then waits for a later pass (no run without end while its mint is down)",
        arguments: [QueuedOperation.State.queued, .running])
    func pendingRunsOnceThenWaits(state: QueuedOperation.State) {
        #expect(NostrSettleStep.next(for: state, mayRun: true) == .runOnce)
        // The regression: `case .queued, .running where run:` matched `.queued` whatever `run` was.
        #expect(NostrSettleStep.next(for: state, mayRun: false) == .later)
    }

    @Test("a finished entry is credited or refused whether or not the pass may run", arguments: [true, false])
    func finishedEntriesSettle(mayRun: Bool) {
        #expect(NostrSettleStep.next(for: .done, mayRun: mayRun) == .credit)
        #expect(NostrSettleStep.next(for: .failed, mayRun: mayRun) == .refused)
    }
}
