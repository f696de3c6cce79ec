// NUT-18 over Nostr — payment requests paid by NIP-17 direct messages: opening a request, reading the wallet's
// inbox for payments (received durably, each once), and delivering a payment to a Nostr transport.

import CashuNostr
import CashuServices
import CoreCashu
import Foundation

extension LinuxWallet {
    /// The most a payment message may hold (a payload of many proofs fits well within it).
    static let maximumPaymentBytes = 4 << 20

    /// The key the wallet's Nostr transports name (``Wallet/nostrRequestKey``).
    func nostrRequestKeys() throws(NostrError) -> NostrKeyPair {
        guard let key = wallet.nostrRequestKey else {
            throw NostrError(.invalidKey, "the wallet's seed gives no payment request key")
        }
        return NostrKeyPair(privateKey: key.privateKey)
    }

    /// Adds a Nostr transport (NIP-17, the wallet's request key and `relays`) to `request`, gives it an id when it
    /// has none, and records it open, so payments for it are received by ``collectNostrPayments(waitingFor:timeout:)``
    /// (and every ``refresh()``) until ``closeNostrRequest(_:)``.
    ///
    /// - Parameters:
    ///   - request: the request to receive over Nostr.
    ///   - relays: the relays named in the request; the wallet's relays when `nil`.
    /// - Throws: `NostrError` (no key, no relay, relay URLs too long for `nprofile`), or a store error.
    public func openNostrRequest(
        _ request: PaymentRequest, relays: [NostrRelayURL]? = nil
    ) async throws -> PaymentRequest {
        let keys = try nostrRequestKeys()
        var targets = relays ?? []
        if relays == nil { targets = try await nostrRelays().relays }
        guard !targets.isEmpty else { throw NostrError(.relayUnreachable, "no Nostr relay is configured") }
        var request = request
        let id = request.id ?? Hex.encode((0..<8).map { _ in UInt8.random(in: 0...255) })
        request.id = id
        let profile = try NostrProfile(publicKey: keys.publicKey.bytes, relays: targets.map(\.string))
        let transport = PaymentRequest.Transport(kind: .nostr, target: try profile.nprofile(), tags: [["n", "17"]])
        request.transports = [transport] + (request.transports ?? []).filter { $0.kind != .nostr }
        var open = OpenNostrRequest(
            id: id, amount: request.amount, unit: request.unit ?? CurrencyUnit.sat.rawValue,
            mints: request.mints ?? [], createdAt: NostrClock.now())
        open.relays = targets.map(\.string)
        let record = open
        try await updateInbox { state in state.requests[id] = record }
        return request
    }

    /// The requests waiting for payments over Nostr.
    public func openNostrRequests() async throws -> [OpenNostrRequest] {
        try await readInbox().requests.values.sorted { $0.createdAt < $1.createdAt }
    }

    /// Stops receiving payments for request `id` (payments still on the relays stay there).
    public func closeNostrRequest(_ id: String) async throws {
        try await updateInbox { state in state.requests[id] = nil }
    }

    /// Reads the wallet's Nostr inbox and receives every payment for an open request: stored messages (until the
    /// relays' `EOSE` or `timeout`) and, with `waitingFor`, new ones until that request is paid or `timeout` passes.
    ///
    /// Each gift wrap is received at most once: it is recorded as handled in the same store as the ecash once its
    /// receive settled or was refused for good; a receive that failed for want of an answer is tried again by the
    /// next read. No request is made when no request is open. Never throws: the report says what happened.
    public func collectNostrPayments(
        waitingFor id: String? = nil, timeout: Duration = .seconds(10)
    ) async -> NostrInboxReport {
        var report = NostrInboxReport()
        // Payments already in the offline queue are settled whether or not their messages are read again.
        await settleAttempts(into: &report)
        let keys: NostrKeyPair
        let state: NostrInboxState
        var relays: [NostrRelayURL]
        let access: any NostrRelayAccess
        do {
            keys = try nostrRequestKeys()
            state = try await readInbox()
            relays = try await nostrRelays().relays
            access = try nostr.access()
        } catch {
            report.ignored.append("cannot read the inbox: \(error)")
            return report
        }
        // The relays each open request named, besides the wallet's.
        for relay in state.requests.values.flatMap({ $0.relays ?? [] }).compactMap({ try? NostrRelayURL($0) })
        where !relays.contains(relay) {
            relays.append(relay)
        }
        guard !state.requests.isEmpty, !relays.isEmpty else { return report }
        let filter = NostrFilter(kinds: [NIP59.giftWrapKind], tags: ["p": [keys.publicKey.hex]], since: state.since)
        let started = NostrClock.now()
        do {
            let fetched = try await access.fetch([filter], from: relays, timeout: timeout)
            report.relays = fetched.outcomes
            for event in fetched.events.reversed() { await handle(event, keys: keys, into: &report) }
            // Only when every relay answered: a message on a relay that did not is read again next time.
            if fetched.outcomes.count == relays.count, fetched.outcomes.values.allSatisfy(\.isAccepted) {
                try? await updateInbox { state in
                    state.readUntil = started
                    state.prune()
                }
            }
        } catch {
            report.ignored.append("no relay answered: \(error.reason)")
        }
        guard let id, !((try? await readInbox().requests[id]?.isPaid) ?? true) else { return report }
        // Waiting: new messages as they come, until the request is paid or the time is up.
        let deadline = ContinuousClock.now + timeout
        let stream = access.subscribe([filter], on: relays)
        let waiter = Task {
            var local = NostrInboxReport()
            for await event in stream {
                await handle(event, keys: keys, into: &local)
                if (try? await readInbox().requests[id]?.isPaid) ?? true { break }
                if ContinuousClock.now >= deadline { break }
            }
            return local
        }
        let timer = Task {
            try? await Task.sleep(until: deadline)
            waiter.cancel()
        }
        // The caller's cancellation (Ctrl-C) ends the wait too; a receive cut short is settled by the next read.
        let waited = await withTaskCancellationHandler {
            await waiter.value
        } onCancel: {
            waiter.cancel()
        }
        timer.cancel()
        report.received += waited.received
        report.ignored += waited.ignored
        report.retrying += waited.retrying
        return report
    }

    /// Delivers `payload` to a Nostr transport (NUT-18 §Nostr): a NIP-17 direct message from a one-time key,
    /// gift-wrapped to the target's key and published to its relays (the wallet's when it names none).
    ///
    /// - Returns: the relays' answers; at least one stored it.
    /// - Throws: `NostrError` for a target that is not an `npub`/`nprofile`, a transport without NIP-17, or when
    ///   no relay stored the message (`.relayRefused`, `.relayUnreachable`).
    package func deliverOverNostr(
        _ payload: PaymentRequestPayload, to transport: PaymentRequest.Transport
    ) async throws(NostrError) -> NostrPublishReport {
        let nips = (transport.tags ?? []).filter { $0.first == "n" }.flatMap { $0.dropFirst() }
        guard nips.isEmpty || nips.contains("17") else {
            throw NostrError(.malformedMessage, "the Nostr transport asks for NIP \(nips.joined(separator: ", "))")
        }
        let profile: NostrProfile
        do { profile = try NostrProfile(nip19: transport.target) } catch {
            throw NostrError(.invalidKey, "the Nostr transport's target is not an npub or nprofile")
        }
        let recipient = try NostrPublicKey(profile: profile)
        var relays = profile.relays.compactMap { try? NostrRelayURL($0) }
        if relays.isEmpty {
            // No relay named: the payee's NIP-17 inbox list (kind 10050), looked up on the wallet's relays. Never a
            // guess: a message on a relay the payee does not read would be reported delivered and never arrive.
            relays = try await inboxRelays(of: recipient)
        }
        guard !relays.isEmpty else {
            throw NostrError(.relayUnreachable, "the request names no relay, and the payee publishes no inbox relays")
        }
        let json: Data
        do { json = try JSONEncoder().encode(payload) } catch {
            throw NostrError(.invalidPlaintext, "the payment cannot be written as JSON")
        }
        // A one-time sender: the payment is not linked to any identity of the payer's. Its own copy is not sent.
        let wraps = try NIP17.directMessage(
            content: String(decoding: json, as: UTF8.self), from: .random(), to: recipient)
        guard let wrap = wraps.first else { throw NostrError(.malformedEvent, "no gift wrap was made") }
        let report = try await nostr.access().publish(wrap, to: relays)
        guard report.isPublished else {
            let refused = report.outcomes.values.contains { if case .refused = $0 { true } else { false } }
            let detail = report.outcomes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            throw NostrError(
                refused ? .relayRefused : .relayUnreachable,
                "no relay took the payment (\(detail.joined(separator: "; ")))")
        }
        return report
    }

    /// The relays `recipient` reads direct messages on (its newest kind-10050 list), as the wallet's relays know it.
    func inboxRelays(of recipient: NostrPublicKey) async throws(NostrError) -> [NostrRelayURL] {
        let ours: [NostrRelayURL]
        do { ours = try await nostrRelays().relays } catch {
            throw NostrError(.relayUnreachable, "cannot read the wallet's relays")
        }
        guard !ours.isEmpty else { return [] }
        let filter = NostrFilter(authors: [recipient], kinds: [NIP17.inboxRelayListKind], limit: 1)
        let found = try await nostr.access().fetch([filter], from: ours, timeout: .seconds(10))
        guard let newest = found.events.first else { return [] }
        return (try? NIP17.inboxRelays(in: newest)) ?? []
    }

    /// Handles one gift wrap of the inbox.
    ///
    /// A payment is never dropped once opened: for an open request (or from a wallet mint) its token goes into the
    /// offline queue (sealed at rest) before the wrap is marked handled, and is received from there — now, and again
    /// by every queue pass while its mint does not answer. A refused one stays in the queue's refused list with its
    /// token (`cashu pending`, `--forget` prints it). Messages that are not payments, and payments for no request of
    /// ours from mints the wallet does not know, are left alone.
    private func handle(_ event: NostrEvent, keys: NostrKeyPair, into report: inout NostrInboxReport) async {
        guard let state = try? await readInbox(), state.handled[event.id] == nil else { return }
        if let attempt = state.attempts[event.id] {
            await settle(attempt, of: event.id, into: &report)
            return
        }
        guard event.content.utf8.count <= Self.maximumPaymentBytes,
            let message = try? NIP17.open(event, by: keys),
            let payload = try? JSONDecoder().decode(PaymentRequestPayload.self, from: Data(message.content.utf8))
        else {
            report.ignored.append("a message that is not a payment")
            await markHandled(event.id, credit: nil)
            return
        }
        let walletMints: Set<String>
        do { walletMints = Set(try await wallet.mints().map(\.url.rawValue)) } catch {
            report.retrying += 1
            return
        }
        let decision = NostrPaymentDecision.decide(payload, requests: state.requests, walletMints: walletMints)
        let requestID: String?
        let addMint: Bool
        switch decision {
        case .ignore(let reason) where payload.id.map({ state.requests[$0] == nil }) ?? true:
            // Not for a request of ours: not kept (anyone can write to the request key).
            report.ignored.append(reason)
            await markHandled(event.id, credit: nil)
            return
        case .ignore(let reason):
            // For a request of ours, but not as it asked: kept, refused, in the queue's list with its token.
            report.ignored.append("\(reason); its token is kept in `cashu pending`")
            (requestID, addMint) = (nil, false)
        case .receive(let request, let add):
            (requestID, addMint) = (request, add)
        }
        let token: String
        do {
            token = try Token(mint: payload.mint, unit: payload.unit, memo: payload.memo, proofs: payload.proofs)
                .serialized(as: .v4)
        } catch {
            report.ignored.append("a payment whose proofs cannot form a token")
            await markHandled(event.id, credit: nil)
            return
        }
        let entry: QueuedEntry
        do {
            entry = try await queue.enqueueReceive(token, addUnknownMint: addMint)
            try await updateInbox { state in
                if state.attempts[event.id] == nil {
                    state.attempts[event.id] = .init(operation: entry.id.rawValue, request: requestID)
                }
            }
        } catch {
            report.retrying += 1
            return
        }
        if let attempt = try? await readInbox().attempts[event.id] {
            await settle(attempt, of: event.id, into: &report)
        }
    }

    /// Settles the inbox's record of a payment from its queue entry: done → credited; refused or forgotten →
    /// handled (a refused token stays in the queue's list); still queued → tried again later.
    private func settle(
        _ attempt: NostrInboxState.Attempt, of wrapID: String, into report: inout NostrInboxReport, run: Bool = true
    ) async {
        let id = OperationID(rawValue: attempt.operation)
        let stored: QueuedOperation?
        do { stored = try await store.read { tx in try tx.queuedOperation(id: id) } } catch {
            report.retrying += 1
            return
        }
        guard let stored else {
            await markHandled(wrapID, credit: nil)
            return
        }
        let entry = QueuedEntry(stored)
        switch NostrSettleStep.next(for: entry.state, mayRun: run) {
        case .credit:
            let amount = entry.result?.amount ?? 0
            report.received.append(
                ReceivedNostrPayment(
                    requestID: attempt.request, mint: entry.mintURL.rawValue,
                    unit: entry.unit?.rawValue ?? CurrencyUnit.sat.rawValue, amount: amount, memo: nil))
            await markHandled(wrapID, credit: attempt.request.map { ($0, amount) })
        case .refused:
            report.ignored.append(
                "a payment was refused (\(entry.lastError ?? "refused")); its token is kept in `cashu pending`")
            await markHandled(wrapID, credit: nil)
        case .runOnce:
            // Left by a pass cut short (a crash, no answer): one more pass, then its outcome.
            _ = await queue.runPending(mint: entry.mintURL)
            await settle(attempt, of: wrapID, into: &report, run: false)
        case .later:
            report.retrying += 1
        }
    }

    /// Settles every payment whose receive is under way, whether or not its gift wrap is read again.
    func settleAttempts(into report: inout NostrInboxReport) async {
        guard let state = try? await readInbox() else { return }
        for (wrapID, attempt) in state.attempts where state.handled[wrapID] == nil {
            await settle(attempt, of: wrapID, into: &report)
        }
    }

    private func markHandled(_ wrapID: String, credit: (id: String, amount: UInt64)?) async {
        do {
            try await updateInbox { state in
                // Once: another process (or an earlier pass) may have handled it already.
                guard state.handled[wrapID] == nil else { return }
                state.handled[wrapID] = NostrClock.now()
                state.attempts[wrapID] = nil
                if let credit, var request = state.requests[credit.id] {
                    request.received &+= credit.amount
                    request.payments += 1
                    state.requests[credit.id] = request
                }
            }
        } catch {
            configuration.logger.warning("cannot record a handled Nostr payment message")
        }
    }

    /// The inbox state; a stored state that cannot be read is an error, never taken for an empty one.
    /// The inbox as stored; a store failure is `WalletError` `storage`.
    func readInbox() async throws -> NostrInboxState {
        do {
            let text = try await store.read { tx in try tx.metadata(NostrInboxState.metadataKey) }
            guard let text else { return NostrInboxState() }
            return try JSONDecoder().decode(NostrInboxState.self, from: Data(text.utf8))
        } catch {
            throw WalletError.storage(error)
        }
    }

    /// Changes the stored inbox in one transaction; a store failure is `WalletError` `storage`.
    func updateInbox(_ change: @escaping @Sendable (inout NostrInboxState) -> Void) async throws {
        do { try await writeInbox(change) } catch { throw WalletError.storage(error) }
    }

    private func writeInbox(_ change: @escaping @Sendable (inout NostrInboxState) -> Void) async throws {
        try await store.write { tx in
            var state = NostrInboxState()
            if let text = try tx.metadata(NostrInboxState.metadataKey) {
                state = try JSONDecoder().decode(NostrInboxState.self, from: Data(text.utf8))
            }
            change(&state)
            let data = try JSONEncoder().encode(state)
            try tx.setMetadata(NostrInboxState.metadataKey, String(decoding: data, as: UTF8.self))
        }
    }
}
