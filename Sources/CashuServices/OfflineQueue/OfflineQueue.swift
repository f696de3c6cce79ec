// Offline queue: receives, melts and checks asked for while their mint is unreachable, stored durably in the
// wallet store and run — per mint in order, exactly once — when the mint is back, after a restart, or from
// `cashu refresh`.

import CoreCashu
import Foundation
import Logging

/// Runs wallet operations now, or queues them durably until their mint can be reached.
///
/// Every operation goes through the queue: it is stored first (a `QueuedOperation` in the wallet store, so a token
/// is never only in memory), then run when its mint is not known to be unreachable. An entry is marked `running` in
/// the transaction before an attempt, under a lease that dies with the process; an entry found `running` with no
/// holder was interrupted and is resumed after the wallet's own recovery. Only a definite outcome finishes an entry:
/// success (`done`) or a definite refusal (`failed`). When the mint cannot be reached before anything was sent the
/// entry stays queued; when the wallet journaled an operation whose outcome is open, the entry waits for that
/// operation rather than starting another. See docs/linux/offline-queue.md.
///
/// Entries of one mint run in the order they were queued; an entry that cannot finish stops the ones behind it.
public actor OfflineQueue {
    let store: any WalletStore
    let runner: any QueuedOperationRunner
    let monitor: (any MintReachabilityMonitor)?
    let retryInterval: Duration
    let logger: Logger
    var subscribers: [UUID: AsyncStream<QueueCompletion>.Continuation] = [:]
    /// Where completions are also told as wallet events
    /// (``WalletEvent/queuedWorkFinished(mint:entry:operation:done:)``).
    var eventHub: WalletEvents?
    /// The latest pass; each new one waits for it, so passes never overlap in this process.
    var lastPass: Task<QueueRunReport, Never>?
    /// Entries being run for a caller that waits for them (``receiveOrQueue(_:addUnknownMint:)``): not published.
    var inline: Set<OperationID> = []
    /// The error of entries that failed in this process, for the caller waiting for them.
    var failures: [OperationID: WalletError] = [:]
    /// Whether the wallet's recovery already ran in the current pass.
    var recoveredThisPass = false
    var background: Task<Void, Never>?

    /// A queue over a wallet and its store.
    /// - Parameters:
    ///   - wallet: the wallet that runs the operations.
    ///   - store: the wallet's own store, where the queue is kept.
    ///   - monitor: tells when a mint is unreachable (then nothing is tried) and when it is back (then its entries
    ///     run); `nil` to try every time.
    ///   - retryInterval: how often ``start()``'s background task retries pending entries whatever the monitor says.
    ///   - logger: fixed messages with entry ids, kinds, mints and error codes; never a token.
    package init(
        wallet: Wallet,
        store: any WalletStore,
        monitor: (any MintReachabilityMonitor)? = nil,
        retryInterval: Duration = .seconds(60),
        logger: Logger = Logger(label: "cashu.queue", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        let runner = WalletQueueRunner(
            wallet: wallet,
            store: store,
            attributedOperations: Self.attributedOperations(in: store)
        )
        self.init(runner: runner, store: store, monitor: monitor, retryInterval: retryInterval, logger: logger)
    }

    init(
        runner: any QueuedOperationRunner,
        store: any WalletStore,
        monitor: (any MintReachabilityMonitor)?,
        retryInterval: Duration,
        logger: Logger
    ) {
        self.runner = runner
        self.store = store
        self.monitor = monitor
        self.retryInterval = retryInterval
        self.logger = logger
    }

    // MARK: Run now or queue

    /// Receives a token now, or queues it when its mint cannot be reached.
    /// - Parameters:
    ///   - token: the encoded token (`cashuA…`, `cashuB…`).
    ///   - addUnknownMint: add the token's mint when the wallet does not know it.
    /// - Returns: ``QueueDecision/done(_:)`` with the amount received, or ``QueueDecision/queued(_:)``.
    /// - Throws: `WalletError` for a definite refusal (`invalidInput`, `unknownMint`, `alreadySpent`, ...), after
    ///   which nothing stays queued; `storage` when the queue cannot be written.
    public func receiveOrQueue(_ token: String, addUnknownMint: Bool = false) async throws(WalletError)
        -> QueueDecision
    {
        try await runNowOrQueue(try enqueueReceive(token, addUnknownMint: addUnknownMint))
    }

    /// Pays a bolt11 request now, or queues the payment when the mint cannot be reached.
    /// - Throws: `WalletError` for a definite refusal (`insufficientFunds`, `mintRefused`, ...).
    package func meltOrQueue(request: String, mint: MintURL, unit: CurrencyUnit = .sat) async throws(WalletError)
        -> QueueDecision
    {
        try await runNowOrQueue(try enqueueMelt(request: request, mint: mint, unit: unit))
    }

    /// Checks a mint's pending sends and melts now (NUT-07), or when the mint is back.
    package func checkOrQueue(mint: MintURL) async throws(WalletError) -> QueueDecision {
        try await runNowOrQueue(try enqueueCheck(mint: mint))
    }

    // MARK: Queueing

    /// Stores a receive in the queue without running it.
    /// - Throws: `WalletError` `invalidInput` when `token` is not a token with proofs; `storage`.
    @discardableResult
    package func enqueueReceive(_ token: String, addUnknownMint: Bool = false) async throws(WalletError)
        -> QueuedEntry
    {
        let trimmed = token.trimmingCharacters(in: .whitespacesAndNewlines)
        let decoded: Token
        do { decoded = try TokenDecoder.decode(trimmed) } catch {
            throw WalletError(.invalidInput, "not a Cashu token")
        }
        guard let mintText = decoded.entries.first(where: { !$0.proofs.isEmpty })?.mint else {
            throw WalletError(.invalidInput, "the token holds no proofs")
        }
        // An entry runs at one mint: a (V3) token with proofs at several mints could finish at one and be taken for
        // done while another mint's proofs were never received. Such tokens are received directly, not queued.
        guard Set(decoded.entries.filter { !$0.proofs.isEmpty }.map(\.mint)).count == 1 else {
            throw WalletError(.unsupported, "a token with proofs from several mints cannot be queued")
        }
        let mint: MintURL
        do { mint = try MintURL(mintText) } catch {
            throw WalletError(.invalidInput, "the token's mint URL is not valid", underlying: error)
        }
        return try await enqueue(.receive(token: trimmed, addUnknownMint: addUnknownMint), mint: mint)
    }

    /// Stores a melt in the queue without running it.
    @discardableResult
    public func enqueueMelt(request: String, mint: MintURL, unit: CurrencyUnit = .sat) async throws(WalletError)
        -> QueuedEntry
    {
        let trimmed = request.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 8192 else {
            throw WalletError(.invalidInput, "the payment request is empty or too long")
        }
        // Only a bolt11 invoice is kept (its `lightning:` prefix dropped): what the mint is later asked to quote.
        guard case .invoice(let invoice) = try PaymentDestination.parse(trimmed) else {
            throw WalletError(.invalidInput, "only a Lightning invoice can wait in the queue")
        }
        return try await enqueue(.melt(request: invoice, unit: unit, quoteID: nil), mint: mint)
    }

    /// Stores a check in the queue without running it.
    @discardableResult
    package func enqueueCheck(mint: MintURL) async throws(WalletError) -> QueuedEntry {
        try await enqueue(.check, mint: mint)
    }

    private func enqueue(_ request: QueuedRequest, mint: MintURL) async throws(WalletError) -> QueuedEntry {
        let now = Date()
        let entry = QueuedOperation(
            mintURL: mint,
            kind: request.kind,
            payload: try request.encoded(),
            createdAt: now,
            updatedAt: now
        )
        do { try await store.write { tx in try tx.insertQueuedOperation(entry) } } catch {
            throw WalletError(.storage, "cannot store the queued operation", underlying: error)
        }
        logger.info(
            "operation queued",
            metadata: ["entry": "\(entry.id)", "kind": "\(entry.kind)", "mint": "\(mint)"]
        )
        if let monitor { Task { await monitor.watch(mint) } }
        return QueuedEntry(entry)
    }

    private func runNowOrQueue(_ queued: QueuedEntry) async throws(WalletError) -> QueueDecision {
        if let monitor, case .unreachable(let failure) = await monitor.state(of: queued.mintURL) {
            // Not tried: the caller is told why (QueueWaitReason) without an attempt being recorded.
            var waiting = queued
            waiting.lastErrorCode = WalletError.Code.mintUnreachable.rawValue
            waiting.lastError = "the mint cannot be reached (\(failure.reason))"
            return .queued(waiting)
        }
        inline.insert(queued.id)
        defer { inline.remove(queued.id) }
        _ = await runPending(mint: queued.mintURL)
        let entry: QueuedOperation?
        do { entry = try await store.read { tx in try tx.queuedOperation(id: queued.id) } } catch {
            throw WalletError(.storage, "cannot read the queued operation", underlying: error)
        }
        guard let entry else { throw WalletError(.cancelled, "the queued operation was removed") }
        let summary = QueuedEntry(entry)
        switch entry.state {
        case .done:
            guard let result = summary.result else { return .queued(summary) }
            return .done(result)
        case .failed:
            // The caller gets the refusal now: nothing is left queued.
            _ = try? await store.write { tx in try tx.removeQueuedOperation(id: entry.id) }
            let error = failures.removeValue(forKey: entry.id)
            throw error
                ?? WalletError(
                    WalletError.Code(rawValue: entry.lastErrorCode ?? "mintRefused"),
                    entry.lastError ?? "refused"
                )
        case .queued, .running:
            return .queued(summary)
        }
    }

    // MARK: Observing

    /// Entries in `states`, oldest first.
    public func entries(states: Set<QueuedOperationState> = [.queued, .running]) async throws(WalletError)
        -> [QueuedEntry]
    {
        do {
            return try await store.read { tx in
                try tx.queuedOperations(states: states, mintURL: nil)
            }.map(QueuedEntry.init)
        } catch { throw WalletError(.storage, "cannot read the queue", underlying: error) }
    }

    /// Why `entry` is still queued: its last attempt's error, else that of the entry ahead of it at its mint that
    /// it waits for (entries of a mint run in order).
    /// - Parameter entry: a queued entry, e.g. from ``QueueDecision/queued(_:)``.
    /// - Returns: the reason; ``QueueWaitReason/notStarted`` when nothing failed yet (or the queue cannot be read).
    public func waitReason(of entry: QueuedEntry) async -> QueueWaitReason {
        guard entry.lastErrorCode == nil else { return QueueWaitReason(entry) }
        let mint = entry.mintURL
        let queued = try? await store.read { tx in
            try tx.queuedOperations(states: [.queued, .running], mintURL: mint)
        }
        let all = queued ?? []
        // Only entries queued before this one wait ahead of it (none when it has left the queue meanwhile).
        guard let position = all.firstIndex(where: { $0.id == entry.id }) else { return QueueWaitReason(entry) }
        let ahead = all[..<position].map(QueuedEntry.init)
        return QueueWaitReason(entry, ahead: ahead)
    }

    /// The token of a queued or refused receive (to give it back or receive it elsewhere); `nil` for other kinds,
    /// for a finished receive (its token is dropped once spent), and for an unknown id.
    public func token(of id: OperationID) async throws(WalletError) -> String? {
        let entry: QueuedOperation?
        do { entry = try await store.read { tx in try tx.queuedOperation(id: id) } } catch {
            throw WalletError(.storage, "cannot read the queue", underlying: error)
        }
        guard let entry, entry.state != .done, !entry.payload.isEmpty else { return nil }
        guard case .receive(let token, _) = try QueuedRequest.decode(entry.payload) else { return nil }
        return token
    }

    /// Removes an entry (a failed one whose token the user took back, or a queued one no longer wanted).
    /// - Returns: whether it existed.
    /// - Throws: `WalletError` `pending` when the entry is running now; `storage`.
    public func remove(_ id: OperationID) async throws(WalletError) -> Bool {
        let lease: (any OperationLease)?
        do { lease = try store.operationLeases.acquire(Self.leaseID(id)) } catch {
            throw WalletError(.storage, "cannot take the entry's lease", underlying: error)
        }
        guard let lease else { throw WalletError(.pending, "the queued operation is running") }
        defer { lease.release() }
        do { return try await store.write { tx in try tx.removeQueuedOperation(id: id) } } catch {
            throw WalletError(.storage, "cannot remove the queued operation", underlying: error)
        }
    }

    /// Entries finishing from now on (not those a ``receiveOrQueue(_:addUnknownMint:)`` caller is waiting for),
    /// until ``stop()``.
    package func completions() -> AsyncStream<QueueCompletion> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: QueueCompletion.self,
            bufferingPolicy: .bufferingNewest(256)
        )
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeSubscriber(id) }
        }
        return stream
    }

    private func removeSubscriber(_ id: UUID) {
        subscribers[id] = nil
    }

    func publish(_ completion: QueueCompletion) {
        for continuation in subscribers.values { continuation.yield(completion) }
        let (done, operation): (Bool, OperationID?) =
            switch completion.outcome {
            case .completed(let result): (true, result.operationIDs.first)
            case .failed(let error): (false, error.operationID)
            }
        eventHub?.publish(
            .queuedWorkFinished(
                mint: completion.entry.mintURL, entry: completion.entry.id, operation: operation, done: done))
    }

    /// Tells completions to a wallet's event stream too.
    package func tellEvents(to hub: WalletEvents) {
        eventHub = hub
    }

    /// The lease an entry is run under (one namespace with the wallet's operation leases; no wallet id has a prefix).
    static func leaseID(_ id: OperationID) -> OperationID { OperationID(rawValue: "queue-\(id.rawValue)") }

    /// Operation ids already recorded as the outcome of a done entry at a mint.
    static func attributedOperations(in store: any WalletStore) -> @Sendable (MintURL) async -> Set<OperationID> {
        { mint in
            let done = (try? await store.read { tx in try tx.queuedOperations(states: [.done], mintURL: mint) }) ?? []
            var taken = Set<OperationID>()
            for entry in done {
                if let id = entry.operationID { taken.insert(id) }
                if let result = QueuedEntry(entry).result { taken.formUnion(result.operationIDs) }
            }
            return taken
        }
    }
}
