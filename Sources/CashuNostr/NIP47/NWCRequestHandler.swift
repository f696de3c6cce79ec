// NIP-47 — Nostr Wallet Connect: the wallet service's handling of one request event (kind 23194) — matching it to a
// connection, checking it, decrypting, dispatching to the wallet and building the signed, encrypted response.

/// Turns request events into response events, acting on the wallet through ``NWCWalletBackend``.
///
/// The relay loop feeds it every event its subscription (``subscriptionFilter(for:since:)``) delivers and publishes
/// the replies. Order of checks: kind, id and signature, `p` tag (a service key of a stored connection), `expiration`
/// and the time window (ignored), the author and the connection's state (`UNAUTHORIZED`), the `encryption` tag
/// (`UNSUPPORTED_ENCRYPTION`), the replay check (a request id is handled once, ever: ignored after), then the content.
///
/// A response is encrypted with the request's scheme (the preferred one when the request's is not supported) and its
/// `result_type` is the request's method, or empty when the method cannot be read (content that does not decrypt or
/// is not a request). Content that is not a valid request is answered `OTHER`, never dropped silently.
package struct NWCRequestHandler: Sendable {
    let store: any NWCServiceStore
    let backend: any NWCWalletBackend
    let cipher: any NWCCipher
    let configuration: NWCServiceConfiguration
    let clock: @Sendable () -> Int64

    /// A handler.
    ///
    /// - Parameters:
    ///   - store: connections, handled requests and budget ledgers.
    ///   - backend: the wallet.
    ///   - cipher: NIP-44 v2 and NIP-04 (``NWCStandardCipher``) unless a test injects another.
    ///   - configuration: what the service serves and which requests it takes.
    ///   - clock: now, in seconds since the epoch.
    package init(
        store: any NWCServiceStore, backend: any NWCWalletBackend, cipher: any NWCCipher = NWCStandardCipher(),
        configuration: NWCServiceConfiguration = NWCServiceConfiguration(),
        clock: @escaping @Sendable () -> Int64 = { NostrClock.now() }
    ) {
        self.store = store
        self.backend = backend
        self.cipher = cipher
        self.configuration = configuration
        self.clock = clock
    }

    /// The filter to subscribe with: requests addressed to the service keys of `connections`, since `since`.
    package func subscriptionFilter(for connections: [NWCConnection], since: Int64? = nil) -> NostrFilter {
        NostrFilter(
            kinds: [NWCEventKind.request], tags: ["p": connections.map(\.servicePublicKey.hex).sorted()], since: since)
    }

    /// The info event (kind 13194) of `connection`: its methods, the encryption schemes and its notifications.
    ///
    /// - Throws: ``NostrError`` when it cannot be signed.
    package func infoEvent(for connection: NWCConnection) throws(NostrError) -> NostrEvent {
        var connection = connection
        connection.notifications = connection.notifications.filter { configuration.notifications.contains($0) }
        return try NWCInfoEvent.make(
            for: connection, methods: configuration.methods, schemes: cipher.schemes, createdAt: clock())
    }

    /// The notification events (kinds 23197 and, with NIP-04, 23196) of `notification` for `connection`; none when
    /// the connection or the service does not take that type.
    ///
    /// - Throws: ``NostrError`` when the content cannot be encrypted or an event signed.
    package func notificationEvents(
        _ notification: NWCNotification, for connection: NWCConnection
    ) throws(NostrError) -> [NostrEvent] {
        guard configuration.notifications.contains(notification.type) else { return [] }
        return try notification.events(for: connection, cipher: cipher, createdAt: clock())
    }

    /// Handles one event: the response to publish, or why there is none. Never throws: every failure after the
    /// request is matched to a connection becomes an error response.
    package func handle(_ event: NostrEvent) async -> NWCHandlingOutcome {
        guard event.kind == NWCEventKind.request else { return .ignored(.notARequest) }
        guard event.isValid else { return .ignored(.invalidEvent) }
        let now = clock()
        guard let target = event.firstTagValue("p"), let serviceKey = try? NostrPublicKey(hex: target) else {
            return .ignored(.notAddressedToService)
        }
        let found: NWCConnection?
        do { found = try await store.connection(servicePublicKey: serviceKey) } catch {
            return .ignored(.storageUnavailable)
        }
        guard let connection = found else { return .ignored(.notAddressedToService) }
        if let expiration = event.firstTagValue("expiration").flatMap({ Int64($0) }), now > expiration {
            return .ignored(.expired)
        }
        guard event.createdAt >= now - configuration.maxRequestAge,
            event.createdAt <= now + configuration.maxClockSkew
        else { return .ignored(.outsideTimeWindow) }

        let requested = NWCEncryption.requested(by: event)
        let scheme = requested.flatMap { cipher.schemes.contains($0) ? $0 : nil }
        guard let replyScheme = scheme ?? cipher.schemes.first else { return .ignored(.cannotRespond) }
        let exchange = Exchange(request: event, connection: connection, scheme: replyScheme)

        guard event.pubkey == connection.clientPublicKey, connection.isActive(at: now) else {
            let reason = event.pubkey != connection.clientPublicKey
                ? "this public key has no wallet connected"
                : connection.isRevoked ? "this connection was revoked" : "this connection has expired"
            return reply(exchange, .failure(methodName(exchange) ?? "", .unauthorized, reason))
        }
        guard scheme != nil else {
            let offered = cipher.schemes.map(\.rawValue).joined(separator: " ")
            let message = "encryption \(event.firstTagValue("encryption") ?? "nip04") is not supported; use \(offered)"
            return reply(exchange, .failure("", .unsupportedEncryption, message))
        }
        do {
            guard try await store.claimRequest(event.id, connectionID: connection.id, createdAt: event.createdAt)
            else { return .ignored(.replay) }
        } catch {
            let message = "the wallet could not record the request; nothing was done"
            return reply(exchange, .failure(methodName(exchange) ?? "", .internal, message))
        }
        return reply(exchange, await respond(to: exchange, at: now))
    }

    /// The response to a request that passed every check: its content decrypted, parsed and dispatched.
    private func respond(to exchange: Exchange, at now: Int64) async -> NWCResponse {
        let plaintext: String
        do {
            plaintext = try cipher.decrypt(
                exchange.request.content, with: exchange.scheme, by: exchange.connection.serviceKeys,
                from: exchange.request.pubkey)
        } catch {
            return .failure("", .other, "the request does not decrypt with \(exchange.scheme)")
        }
        let request: NWCRequest
        do throws(NostrError) {
            request = try NWCRequest(jsonText: plaintext)
        } catch {
            return .failure(NWCRequest.methodName(in: plaintext) ?? "", .other, error.reason)
        }
        guard configuration.methods.contains(request.method) else {
            return .failure(request.method.rawValue, .notImplemented, "\(request.method) is not implemented")
        }
        guard exchange.connection.allows(request.method) else {
            return .failure(request.method.rawValue, .restricted, "this connection may not use \(request.method)")
        }
        return await dispatch(request, exchange: exchange, at: now)
    }

    /// The request's method, read best-effort for an error's `result_type`.
    private func methodName(_ exchange: Exchange) -> String? {
        guard let plaintext = try? cipher.decrypt(
            exchange.request.content, with: exchange.scheme, by: exchange.connection.serviceKeys,
            from: exchange.request.pubkey)
        else { return nil }
        return NWCRequest.methodName(in: plaintext)
    }

    /// The signed, encrypted response event: to the request's author (`p`), answering the request (`e`).
    private func reply(_ exchange: Exchange, _ response: NWCResponse) -> NWCHandlingOutcome {
        let keys = exchange.connection.serviceKeys
        do {
            let content = try cipher.encrypt(
                response.jsonText, with: exchange.scheme, from: keys, to: exchange.request.pubkey)
            let draft = NostrEventDraft(
                by: keys, kind: NWCEventKind.response,
                tags: [["p", exchange.request.pubkey.hex], ["e", exchange.request.id]], content: content,
                createdAt: clock())
            let event = try draft.signed(by: keys)
            return .respond(
                NWCReply(
                    event: event, response: response, relays: exchange.connection.relays,
                    connectionID: exchange.connection.id))
        } catch {
            return .ignored(.cannotRespond)
        }
    }

    /// A request matched to its connection, and the scheme its response is encrypted with.
    struct Exchange: Sendable {
        let request: NostrEvent
        let connection: NWCConnection
        let scheme: NWCEncryption
    }
}
