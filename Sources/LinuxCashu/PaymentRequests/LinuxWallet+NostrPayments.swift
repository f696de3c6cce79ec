// NUT-18 over Nostr — payment requests paid by NIP-17 direct messages: opening a request, reading the wallet's
// inbox for payments (received durably, each once), and delivering a payment to a Nostr transport.

import CashuNostr
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
    /// - Parameter relays: the relays named in the request; the wallet's relays when `nil`.
    /// - Throws: ``NostrError`` (no key, no relay, relay URLs too long for `nprofile`), or a store error.
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
        let open = OpenNostrRequest(
            id: id, amount: request.amount, unit: request.unit ?? CurrencyUnit.sat.rawValue,
            mints: request.mints ?? [], createdAt: NostrClock.now())
        try await updateInbox { state in state.requests[id] = open }
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
        let keys: NostrKeyPair
        let state: NostrInboxState
        let relays: [NostrRelayURL]
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
        guard !state.requests.isEmpty, !relays.isEmpty else { return report }
        let filter = NostrFilter(kinds: [NIP59.giftWrapKind], tags: ["p": [keys.publicKey.hex]], since: state.since)
        let started = NostrClock.now()
        do {
            let fetched = try await access.fetch([filter], from: relays, timeout: timeout)
            report.relays = fetched.outcomes
            for event in fetched.events.reversed() { await handle(event, keys: keys, into: &report) }
            if fetched.outcomes.values.contains(where: \.isAccepted) {
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
        let waited = await waiter.value
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
    /// - Throws: ``NostrError`` for a target that is not an `npub`/`nprofile`, a transport without NIP-17, or when
    ///   no relay stored the message (`.relayRefused`, `.relayUnreachable`).
    public func deliverOverNostr(
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
            do { relays = try await nostrRelays().relays } catch {
                throw NostrError(.relayUnreachable, "cannot read the wallet's relays")
            }
        }
        guard !relays.isEmpty else { throw NostrError(.relayUnreachable, "the request names no relay and none is set") }
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

    /// Receive failures after which a payment is never tried again: anything else is retried by the next read.
    static let definiteRefusals: Set<WalletError.Code> = [
        .alreadySpent, .invalidInput, .unsupported, .keysetMismatch, .unknownMint, .mintRefused,
    ]

    /// Handles one gift wrap of the inbox.
    private func handle(_ event: NostrEvent, keys: NostrKeyPair, into report: inout NostrInboxReport) async {
        guard let state = try? await readInbox(), state.handled[event.id] == nil else { return }
        guard event.content.utf8.count <= Self.maximumPaymentBytes,
            let message = try? NIP17.open(event, by: keys),
            let payload = try? JSONDecoder().decode(PaymentRequestPayload.self, from: Data(message.content.utf8))
        else {
            report.ignored.append("a message that is not a payment")
            await markHandled(event, credit: nil)
            return
        }
        let walletMints = Set(((try? await wallet.mints()) ?? []).map(\.url.rawValue))
        switch NostrPaymentDecision.decide(payload, requests: state.requests, walletMints: walletMints) {
        case .ignore(let reason):
            report.ignored.append(reason)
            await markHandled(event, credit: nil)
        case .receive(let requestID, let addMint):
            await receivePayment(payload, of: event, for: requestID, addMint: addMint, into: &report)
        }
    }

    /// Receives a payment once: the operation id is chosen and recorded before the receive starts, so a receive cut
    /// short (a crash, no answer) is found in the journal by the next read instead of being received again.
    private func receivePayment(
        _ payload: PaymentRequestPayload, of event: NostrEvent, for requestID: String?, addMint: Bool,
        into report: inout NostrInboxReport
    ) async {
        var earlier = try? await readInbox().attempts[event.id]
        if let attempt = earlier,
            let record = try? await store.read({ tx in try tx.operation(id: OperationID(rawValue: attempt.operation)) })
        {
            switch record.state {
            case .done:
                let amount = (try? await store.read { tx in try tx.historyEntry(id: record.id) })?.amount ?? 0
                report.received.append(
                    ReceivedNostrPayment(
                        requestID: attempt.request, mint: payload.mint, unit: payload.unit, amount: amount,
                        memo: payload.memo))
                await markHandled(event, credit: attempt.request.map { ($0, amount) })
                return
            case .failed:
                // It definitely did not happen (never sent, or refused): a new receive finds out which.
                earlier = nil
            default:
                // Still open: recovery settles it, and a later read sees how.
                report.retrying += 1
                return
            }
        }
        let operation = earlier.map { OperationID(rawValue: $0.operation) } ?? .random()
        if earlier == nil {
            do {
                try await updateInbox { state in
                    state.attempts[event.id] = .init(operation: operation.rawValue, request: requestID)
                }
            } catch {
                report.retrying += 1
                return
            }
        }
        let token = Token(mint: payload.mint, unit: payload.unit, memo: payload.memo, proofs: payload.proofs)
        do {
            let result = try await wallet.receive(
                token: token, options: ReceiveOptions(addUnknownMint: addMint, operationID: operation))
            report.received.append(
                ReceivedNostrPayment(
                    requestID: requestID, mint: payload.mint, unit: payload.unit, amount: result.amount,
                    memo: payload.memo))
            await markHandled(event, credit: requestID.map { ($0, result.amount) })
        } catch where Self.definiteRefusals.contains(error.code) {
            report.ignored.append("the payment's ecash was refused: \(error.reason)")
            await markHandled(event, credit: nil)
        } catch {
            // No definite answer (mint down, ambiguous, storage): the next read looks the operation up in the
            // journal (recovery resumes a receive that was sent) or tries again.
            report.retrying += 1
        }
    }

    private func markHandled(_ event: NostrEvent, credit: (id: String, amount: UInt64)?) async {
        do {
            try await updateInbox { state in
                state.handled[event.id] = event.createdAt
                state.attempts[event.id] = nil
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

    func readInbox() async throws -> NostrInboxState {
        let text = try await store.read { tx in try tx.metadata(NostrInboxState.metadataKey) }
        return text.flatMap { try? JSONDecoder().decode(NostrInboxState.self, from: Data($0.utf8)) }
            ?? NostrInboxState()
    }

    func updateInbox(_ change: @escaping @Sendable (inout NostrInboxState) -> Void) async throws {
        try await store.write { tx in
            var state =
                try tx.metadata(NostrInboxState.metadataKey).flatMap {
                    try? JSONDecoder().decode(NostrInboxState.self, from: Data($0.utf8))
                } ?? NostrInboxState()
            change(&state)
            let data = try JSONEncoder().encode(state)
            try tx.setMetadata(NostrInboxState.metadataKey, String(decoding: data, as: UTF8.self))
        }
    }
}
