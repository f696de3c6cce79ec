// NUT-27 — when the mint list backup is published: the decision over mints, relays and the last published state.

import CashuNostr
import Testing

@testable import CashuServices
@testable import LinuxCashu

@Suite("NUT-27 backup decision")
struct MintBackupDecisionTests {
    let relayA = try! NostrRelayURL("wss://a.example")
    let relayB = try! NostrRelayURL("ws://127.0.0.1:7000")

    @Test("a changed list is published, sorted and without duplicates")
    func changed() {
        let published = MintBackupState(mints: ["https://m1"], relays: [relayA.string], publishedAt: 1)
        let decision = MintBackupDecision.decide(
            mints: ["https://m2", "https://m1", "https://m2"], relays: [relayA], published: published, enabled: true,
            force: false)
        #expect(decision == .publish(mints: ["https://m1", "https://m2"], relays: [relayA]))
    }

    @Test("the same list to the same relays is not published again, unless forced")
    func unchanged() {
        let published = MintBackupState(
            mints: ["https://m1", "https://m2"], relays: [relayA.string, relayB.string], publishedAt: 1)
        let mints = ["https://m2", "https://m1"]
        #expect(
            MintBackupDecision.decide(mints: mints, relays: [relayA], published: published, enabled: true, force: false)
                == .skip(.unchanged))
        #expect(
            MintBackupDecision.decide(mints: mints, relays: [relayA], published: published, enabled: true, force: true)
                == .publish(mints: ["https://m1", "https://m2"], relays: [relayA]))
    }

    @Test("a relay that never stored it gets it")
    func newRelay() {
        let published = MintBackupState(mints: ["https://m1"], relays: [relayA.string], publishedAt: 1)
        let decision = MintBackupDecision.decide(
            mints: ["https://m1"], relays: [relayA, relayB], published: published, enabled: true, force: false)
        #expect(decision == .publish(mints: ["https://m1"], relays: [relayA, relayB]))
    }

    @Test("off, no relays, or no mints: nothing is published (an empty list never is)")
    func skipped() {
        let off = MintBackupDecision.decide(
            mints: ["https://m1"], relays: [relayA], published: nil, enabled: false, force: false)
        #expect(off == .skip(.disabled))
        #expect(
            MintBackupDecision.decide(mints: ["https://m1"], relays: [], published: nil, enabled: true, force: true)
                == .skip(.noRelays))
        #expect(
            MintBackupDecision.decide(mints: [], relays: [relayA], published: nil, enabled: true, force: true)
                == .skip(.noMints))
    }

    @Test("CASHU_NOSTR_RELAYS: a list, `none`, and a bad entry")
    func relayList() throws {
        let parsed = try NostrRelayChoice.parse(" wss://A.example/ ,ws://127.0.0.1:7000,wss://a.example")
        #expect(parsed == [relayA, relayB])
        #expect(try NostrRelayChoice.parse("none") == [])
        #expect(throws: NostrError.self) { try NostrRelayChoice.parse("wss://a.example,https://b.example") }
        #expect(NostrRelayChoice.resolve(configured: nil, stored: nil).source == .defaults)
        #expect(NostrRelayChoice.resolve(configured: nil, stored: [relayB]).relays == [relayB])
        #expect(NostrRelayChoice.resolve(configured: [], stored: [relayB]).relays == [])
    }
}
