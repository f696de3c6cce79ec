// Wallet: waiting until a mint settles something (a quote paid, a melt done) — NUT-17 hints, HTTP checks, polling.

extension Wallet {
    /// Runs `check` until it returns a value or `deadline` passes.
    ///
    /// `check` asks the mint over HTTP and returns `nil` while the awaited state is not reached; a notification is
    /// never acted on by itself, so a lying transport can only make the wallet check sooner. With a transport and a
    /// `subscription` (see ``subscription(_:mint:unit:filters:)``), a notification `isHint` accepts triggers a check
    /// (at most one per `WalletOptions.pollInterval`) and the wallet still checks every
    /// `WalletOptions.subscriptionCheckInterval`; when the subscription cannot be made or its stream ends, the
    /// wallet polls, from `WalletOptions.pollInterval` backing off to 5 s. A mint that cannot be reached for a
    /// while does not end the wait, nor do a few refused reads in a row (see ``TransientReadFailures``).
    /// - Returns: the check's value, or `nil` when the deadline passed first.
    /// - Throws: what `check` throws (other than `mintUnreachable`); ``WalletError`` `cancelled`.
    func waitForSettlement<T: Sendable>(
        subscription: SubscriptionRequest?, until deadline: ContinuousClock.Instant,
        isHint: @escaping @Sendable (NotificationPayload) -> Bool,
        check: @escaping @Sendable () async throws(WalletError) -> T?
    ) async throws(WalletError) -> T? {
        let failures = TransientReadFailures()
        if let value = try await attempt(check, failures: failures) { return value }
        if let subscription, let transport = subscriptions, ContinuousClock.now < deadline {
            var notifications: AsyncStream<NotificationPayload>?
            do {
                notifications = try await transport.subscribe(subscription)
            } catch {
                logger.debug(
                    "cannot subscribe; polling", metadata: ["kind": "\(subscription.kind)", "error": "\(error.code)"])
            }
            if let notifications {
                switch await waitSubscribed(
                    notifications, until: deadline, failures: failures, isHint: isHint, check: check)
                {
                case .done(let value): return value
                case .failed(let error): throw error
                case .deadline: return nil
                case .streamEnded, .idle:
                    logger.debug("subscription ended; polling", metadata: ["kind": "\(subscription.kind)"])
                }
            }
        }
        var interval = options.pollInterval
        while ContinuousClock.now < deadline {
            guard !Task.isCancelled else { throw WalletError(.cancelled, "cancelled") }
            do { try await Task.sleep(until: min(ContinuousClock.now.advanced(by: interval), deadline)) } catch {
                throw WalletError(.cancelled, "cancelled")
            }
            if let value = try await attempt(check, failures: failures) { return value }
            interval = min(interval * 2, .seconds(5))
        }
        return nil
    }

    /// The subscription to wait through for `kind` at `mint`, or `nil` when there is no transport or the mint does
    /// not advertise NUT-17 notifications of this kind for bolt11 and `unit`.
    func subscription(_ kind: SubscriptionKind, mint: MintURL, unit: CurrencyUnit, filters: [String]) async
        -> SubscriptionRequest?
    {
        guard subscriptions != nil, let capabilities = try? await capabilities(of: mint),
            capabilities.offersSubscription(kind, unit: unit)
        else { return nil }
        return SubscriptionRequest(mint: mint, kind: kind, filters: filters)
    }

    /// Runs one check; an unreachable mint, or a refused read that `failures` still tolerates, means "not yet".
    private func attempt<T: Sendable>(
        _ check: @Sendable () async throws(WalletError) -> T?, failures: TransientReadFailures
    ) async throws(WalletError) -> T? {
        do {
            let value = try await check()
            failures.reset()
            return value
        } catch where error.code == .mintUnreachable {
            logger.debug("check failed; will retry", metadata: ["error": "\(error.code)"])
            return nil
        } catch {
            guard failures.tolerate(error) else { throw error }
            logger.debug(
                "the mint refused a status read; will retry",
                metadata: ["error": "\(error.code)", "inARow": "\(failures.inARow)"])
            return nil
        }
    }

    /// Waits on a subscription: hints and a slow timer wake one checker, which runs the HTTP check.
    private func waitSubscribed<T: Sendable>(
        _ notifications: AsyncStream<NotificationPayload>, until deadline: ContinuousClock.Instant,
        failures: TransientReadFailures, isHint: @escaping @Sendable (NotificationPayload) -> Bool,
        check: @escaping @Sendable () async throws(WalletError) -> T?
    ) async -> SubscribedWaitOutcome<T> {
        // Newest-one buffering folds a burst of notifications into one check.
        let (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // A check right away: the state may have changed between the first check and the subscription.
        wake.yield()
        let spacing = options.pollInterval
        let slowInterval = options.subscriptionCheckInterval
        return await withTaskGroup(of: SubscribedWaitOutcome<T>.self) { group in
            group.addTask {
                for await payload in notifications where isHint(payload) { wake.yield() }
                return .streamEnded
            }
            group.addTask {
                while true {
                    let now = ContinuousClock.now
                    guard now < deadline else {
                        wake.yield()
                        return .idle
                    }
                    do { try await Task.sleep(until: min(now.advanced(by: slowInterval), deadline)) } catch {
                        return .idle
                    }
                    wake.yield()
                }
            }
            group.addTask { [self] in
                // After a refused first check, the first one here waits its turn too.
                var lastCheck: ContinuousClock.Instant? = failures.inARow > 0 ? ContinuousClock.now : nil
                for await _ in wakes {
                    if let lastCheck { try? await Task.sleep(until: lastCheck.advanced(by: spacing)) }
                    if Task.isCancelled { return .idle }
                    lastCheck = ContinuousClock.now
                    // Not cancelled half-way when the stream ends meanwhile: a settlement runs to its end.
                    let before = failures.inARow
                    let result = await Task { () -> Result<T?, WalletError> in
                        do throws(WalletError) {
                            return .success(try await self.attempt(check, failures: failures))
                        } catch { return .failure(error) }
                    }.value
                    switch result {
                    case .success(let value?): return .done(value)
                    case .failure(let error): return .failed(error)
                    case .success(nil): break
                    }
                    // A tolerated refusal is retried soon rather than at the next notification or slow check.
                    if failures.inARow > before {
                        let retry = ContinuousClock.now.advanced(by: spacing * failures.inARow)
                        try? await Task.sleep(until: min(retry, deadline))
                        wake.yield()
                    }
                    if ContinuousClock.now >= deadline { return .deadline }
                }
                return .idle
            }
            while let outcome = await group.next() {
                if case .idle = outcome { continue }
                group.cancelAll()
                return outcome
            }
            return .deadline
        }
    }
}
