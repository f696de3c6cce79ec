// Engine tests: the wallet's event stream — the sequence each operation tells, amounts that add up to the balance,
// slow subscribers that never hold the wallet up, and no secret in any event.

import CashuEngineTestSupport
import Foundation
import Testing

@testable import CashuEngine

@Suite("Wallet engine: events")
struct WalletEventsEngineTests {
    /// Reads events from `stream` until `last` matches (or 5 s pass).
    private static func collect(
        _ stream: AsyncStream<WalletEvent>, until last: @escaping @Sendable (WalletEvent) -> Bool
    ) async -> [WalletEvent] {
        await withTaskGroup(of: [WalletEvent]?.self) { group in
            group.addTask {
                var seen: [WalletEvent] = []
                for await event in stream {
                    seen.append(event)
                    if last(event) { break }
                }
                return seen
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(5))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first ?? []
        }
    }

    /// A short name for each event, to compare sequences.
    private static func name(_ event: WalletEvent) -> String {
        switch event {
        case .balanceChanged(_, _, let balance): "balance \(balance)"
        case .operationPrepared(let op): "prepared \(op.kind)"
        case .operationStarted(let op): "started \(op.kind)"
        case .operationProgressed(let op, let progress): "progress \(op.kind) \(progress.completed)/\(progress.total)"
        case .operationSettled(let op): "settled \(op.kind)"
        case .operationPending(let op): "pending \(op.kind)"
        case .operationFailed(let op): "failed \(op.kind)"
        case .operationReleased(let op, let reason): "released \(op.kind) \(reason)"
        case .mintQuotePaid: "quote paid"
        case .sentTokenClaimed(let op): "claimed \(op.kind)"
        case .queuedWorkFinished: "queued done"
        case .mintReachability(_, let reachable): "reachable \(reachable)"
        case .keysetRotated: "keyset rotated"
        case .loginNeeded: "login needed"
        case .eventsMissed(let count): "missed \(count)"
        }
    }

    @Test("a send tells prepared, the balance held, started, settled, in that order; amounts add up")
    func sendSequence() async throws {
        let harness = try await EngineHarness.make(amount: 500, mint: ScriptedMint(inputFeePPK: 300))
        let stream = harness.wallet.events()
        let sent = try await harness.wallet.send(
            amount: 100, mint: harness.mint.url, options: SendOptions(preferOffline: false))
        let final = try await harness.balance()
        #expect(final == 500 - 100 - sent.fee)
        let events = await Self.collect(stream) { if case .operationSettled = $0 { true } else { false } }
        let names = events.map(Self.name)
        // Prepared, the balance without the held proofs, started, settled; change (if any) after.
        #expect(Array(names.prefix(2)) == ["prepared send", names.dropFirst().first ?? ""])
        #expect(names.dropFirst().first?.hasPrefix("balance") == true)
        #expect(Array(names.suffix(2)) == ["started send", "settled send"])
        guard case .operationSettled(let settled) = events.last else { return }
        #expect(settled.id == sent.operationID)
        #expect(settled.amount == 100)
        #expect(settled.fee == sent.fee)
        // The last balance told is the wallet's.
        var told: UInt64?
        for event in events { if case .balanceChanged(_, _, let balance) = event { told = balance } }
        if told != final {
            let more = await Self.collect(stream) { if case .balanceChanged = $0 { true } else { false } }
            if case .balanceChanged(_, _, let balance) = more.last { told = balance }
        }
        #expect(told == final)
    }

    @Test("a receive tells started, settled and the new balance, equal to the token less its fee")
    func receiveSequence() async throws {
        let mint = ScriptedMint(inputFeePPK: 1000)
        let sender = try await EngineHarness.make(amount: 300, mint: mint)
        let token = try await sender.wallet.send(amount: 100, mint: mint.url).token
        let receiver = try await ScriptedWallet.open(mints: [mint])
        try await receiver.addMint(mint.url)
        let stream = receiver.events()
        let received = try await receiver.receive(token: token)
        let events = await Self.collect(stream) { if case .balanceChanged = $0 { true } else { false } }
        #expect(events.map(Self.name) == ["started receive", "settled receive", "balance \(received.amount)"])
        #expect(received.amount + received.fee == 100)
    }

    @Test("a receive in several swaps tells its progress part by part, then one settled line for the whole")
    func receiveInPartsProgress() async throws {
        let mint = ScriptedMint()
        let sender = try await EngineHarness.make(amount: 63, mint: mint)
        let token = try await sender.wallet.send(amount: 63, mint: mint.url).token
        let parts = (token.entries[0].proofs.count + 1) / 2
        #expect(parts >= 3)
        let receiver = try await ScriptedWallet.open(mints: [mint], options: WalletOptions(maxInputs: 2))
        try await receiver.addMint(mint.url)
        let stream = receiver.events()
        let received = try await receiver.receive(token: token)
        let events = await Self.collect(stream) { if case .operationSettled = $0 { true } else { false } }
        let names = events.map(Self.name).filter { !$0.hasPrefix("balance") }
        let progress = (1...parts).map { "progress receive \($0)/\(parts)" }
        #expect(names == ["started receive"] + progress + ["settled receive"])
        guard case .operationSettled(let settled) = events.last else { return }
        #expect(settled.id == received.operationIDs[0])
        #expect(settled.amount == received.amount)
    }

    @Test("a restore tells its batches, then what it found")
    func restoreProgress() async throws {
        let options = WalletOptions(restoreBatchSize: 10, restoreGapLimit: 2)
        let harness = try await EngineHarness.make(amount: 50, options: options)
        let phrase = try await WalletSecrets.mnemonic(in: harness.secureStore, given: nil, mustExist: true).0
        let fresh = try await ScriptedWallet.open(mints: [harness.mint], options: options, mnemonic: phrase)
        try await fresh.addMint(harness.mint.url)
        let stream = fresh.events()
        _ = try await fresh.restore(mint: harness.mint.url)
        let events = await Self.collect(stream) { if case .operationSettled = $0 { true } else { false } }
        let names = events.map(Self.name)
        #expect(names.first == "started restore")
        #expect(names.filter { $0.hasPrefix("progress restore") }.count >= 2)
        #expect(names.last == "settled restore")
        guard case .operationSettled(let settled) = events.last else { return }
        #expect(settled.amount == 50)
    }

    @Test("a cancelled send tells its release and the balance back")
    func cancelSequence() async throws {
        let harness = try await EngineHarness.make(amount: 500)
        let stream = harness.wallet.events()
        let prepared = try await harness.wallet.prepareSend(
            amount: 100, mint: harness.mint.url, options: SendOptions(preferOffline: false))
        await prepared.cancel()
        let events = await Self.collect(stream) { if case .balanceChanged(_, _, 500) = $0 { true } else { false } }
        let names = events.map(Self.name)
        #expect(names.first == "prepared send")
        #expect(names.contains("released send cancelled"))
        #expect(names.last == "balance 500")
    }

    @Test("a subscriber that never reads does not hold the wallet up; a slow one is told what it missed")
    func slowSubscriber() async throws {
        let harness = try await EngineHarness.make(amount: 1000)
        let stalled = harness.wallet.events(bufferingNewest: 1)
        let slow = harness.wallet.events(bufferingNewest: 2)
        for _ in 0..<5 {
            let prepared = try await harness.wallet.prepareSend(
                amount: 10, mint: harness.mint.url, options: SendOptions(preferOffline: false))
            await prepared.cancel()
        }
        #expect(try await harness.balance() == 1000)
        var seen: [WalletEvent] = []
        for await event in slow {
            seen.append(event)
            if seen.count == 2 { break }
        }
        // The newest two of many: the oldest were dropped.
        #expect(seen.count == 2)
        // Once it has room again, the next event is preceded by the count it lost.
        _ = try await harness.wallet.prepareSend(amount: 10, mint: harness.mint.url)
        var next: [WalletEvent] = []
        for await event in slow {
            next.append(event)
            if next.count == 2 { break }
        }
        #expect(next.contains { if case .eventsMissed(let count) = $0 { count > 0 } else { false } })
        _ = stalled
    }

    @Test("no event carries a secret: the token, proof secrets, the mnemonic")
    func noSecrets() async throws {
        let harness = try await EngineHarness.make(amount: 500)
        let stream = harness.wallet.events()
        let sent = try await harness.wallet.send(
            amount: 100, mint: harness.mint.url, options: SendOptions(preferOffline: false))
        let events = await Self.collect(stream) { if case .operationSettled = $0 { true } else { false } }
        let text = events.map { "\($0)" }.joined(separator: "\n")
        let token = try sent.token.serialized(as: .v4)
        #expect(!text.contains(token))
        for proof in sent.token.entries.flatMap(\.proofs) {
            #expect(!text.contains(proof.secret))
            #expect(!text.contains(Hex.encode(proof.C.compressedRepresentation)))
        }
        let phrase = try #require(try await harness.secureStore.load(key: SecureStoreKey.mnemonic))
        let words = String(decoding: phrase.exposedSecretBytes, as: UTF8.self).split(separator: " ")
        #expect(!words.allSatisfy { text.contains(String($0)) })
    }

    @Test("a paid mint quote's event prints without its quote id (NUT-04: an unlocked quote's id mints its ecash)")
    func quoteIDNotPrinted() throws {
        let mint = try MintURL("https://mint.example")
        let event = WalletEvent.mintQuotePaid(mint: mint, quoteID: "q-secret-1234", amount: 21)
        #expect(!"\(event)".contains("q-secret-1234"))
        #expect("\(event)".contains("21"))
    }

    @Test(
        "a mint that refuses for want of a login tells loginNeeded for that mint (NUT-21/22 codes), once per refusal",
        arguments: [31001, 31002, 30001])
    func loginNeeded(code: Int) async throws {
        let harness = try await EngineHarness.make(amount: 500, mint: ScriptedMint())
        let stream = harness.wallet.events()
        harness.mint.script(.swap, .refuse(code: code, detail: "login wanted"))
        await #expect(throws: WalletError.self) {
            try await harness.wallet.send(
                amount: 100, mint: harness.mint.url, options: SendOptions(preferOffline: false))
        }
        let events = await Self.collect(stream) { if case .loginNeeded = $0 { true } else { false } }
        guard case .loginNeeded(let mint) = events.last else {
            Issue.record("no loginNeeded event: \(events.map(Self.name))")
            return
        }
        #expect(mint == harness.mint.url)
        #expect(try await harness.balance() == 500)
    }

    @Test("any other refusal tells no loginNeeded")
    func noLoginNeeded() async throws {
        let harness = try await EngineHarness.make(amount: 500, mint: ScriptedMint())
        let stream = harness.wallet.events()
        harness.mint.script(.swap, .refuse(code: 11001, detail: "already spent"))
        _ = try? await harness.wallet.send(
            amount: 100, mint: harness.mint.url, options: SendOptions(preferOffline: false))
        let events = await Self.collect(stream) { if case .operationFailed = $0 { true } else { false } }
        #expect(!events.contains { if case .loginNeeded = $0 { true } else { false } }, "\(events.map(Self.name))")
    }
}
