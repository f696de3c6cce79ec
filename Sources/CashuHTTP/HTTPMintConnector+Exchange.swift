// Mint client: one request/answer exchange of the HTTP connector — send, read, classify, replay (NUT-19), log.

import CashuEngine
import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

extension HTTPMintConnector {
    /// `GET endpoint`, decoded as `Response`.
    func get<Response: Decodable>(_ endpoint: MintEndpoint) async throws(MintClientError) -> Response {
        try await exchange(endpoint, body: nil)
    }

    /// `POST endpoint` with `request` encoded by ``MintRequestEncoding``, decoded as `Response`.
    func post<Request: Encodable, Response: Decodable>(
        _ endpoint: MintEndpoint,
        _ request: Request
    ) async throws(MintClientError) -> Response {
        let body = try MintRequestEncoding.encode(request, endpoint: endpoint.template)
        return try await exchange(endpoint, body: body)
    }

    /// Sends `body` (the same bytes on every attempt) until an answer arrives or ``MintRetryPolicy`` stops; waits
    /// out the mint's rate limit in between (``MintRequestPacer``), within ``MintTimeouts/rateLimitWait``.
    func exchange<Response: Decodable>(
        _ endpoint: MintEndpoint,
        body: [UInt8]?
    ) async throws(MintClientError) -> Response {
        guard proxied || !mintURL.isOnion else {
            throw MintClientError(
                .unreachable, endpoint: endpoint.template,
                "an .onion mint is reached only through a proxy to Tor (--tor or --proxy); nothing was sent")
        }
        let policy = MintRetryPolicy(cachedResponses: cachedResponses)
        let sentAt = Date()
        let rateLimitDeadline = ContinuousClock.now + timeouts.rateLimitWait
        var firstFailure: MintClientError?
        // The first attempt that may have reached the mint: whatever later attempts meet, it stays unknown.
        var uncertain: MintClientError?
        var attempt = 1
        while true {
            try await waitForTurn(endpoint)
            let started = ContinuousClock.now
            let result: Result<Response, MintClientError> = await send(endpoint, body: body)
            let elapsed = (ContinuousClock.now - started).components
            let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
            let failure: MintClientError
            let latest: MintClientError
            switch result {
            case .success(let response):
                log(
                    .debug,
                    "mint request succeeded",
                    endpoint,
                    attempt: attempt,
                    milliseconds: milliseconds,
                    status: 200
                )
                return response
            case .failure(let error):
                latest = error
                if endpoint.isPOST && !error.isDefinite && uncertain == nil { uncertain = error }
                failure = endpoint.isPOST ? Self.outcome(first: uncertain ?? firstFailure, latest: error) : error
                log(.info, "mint request failed", endpoint, attempt: attempt, milliseconds: milliseconds, error: error)
            }
            // Turned away for the rate limit: the same bytes go again once the mint allows. A 503 may follow a mint
            // that acted (a proxy's answer), so it is remembered as the first failure: a later refusal of the resent
            // bytes then cannot pass for a definite answer (`outcome(first:latest:)`).
            if latest.isRateLimited {
                if firstFailure == nil { firstFailure = failure }
                let now = ContinuousClock.now
                let wait = pacer.limited(now: now, retryAfter: latest.retryAfter, jitter: Double.random(in: 0..<1))
                guard now + wait < rateLimitDeadline else {
                    throw endpoint.isPOST ? Self.outcome(first: uncertain ?? firstFailure, latest: failure) : failure
                }
                onRateLimited?(mintURL, wait)
                log(.notice, "mint is limiting requests", endpoint, attempt: attempt, status: latest.httpStatus)
                attempt += 1
                continue
            }
            if firstFailure == nil { firstFailure = failure }
            // The policy looks at what this attempt met; the caller gets `failure`, which never claims more.
            let decision = policy.decide(
                endpoint: endpoint,
                attempt: attempt,
                error: latest,
                sentAt: sentAt,
                now: Date(),
                jitter: Double.random(in: 0..<1)
            )
            guard case .retry(let delay) = decision else { throw failure }
            do {
                try await Task.sleep(for: delay)
            } catch {
                throw MintClientError(
                    .cancelled,
                    endpoint: endpoint.template,
                    "request cancelled before a retry",
                    underlying: failure
                )
            }
            attempt += 1
            log(
                .notice,
                policy.isCached(endpoint) ? "mint request replayed" : "mint request retried",
                endpoint,
                attempt: attempt
            )
        }
    }

    /// The error to report after a replay failed: a definite-looking failure of a replay (the mint refusing it as a
    /// duplicate, a refused connection) says nothing about the first attempt, whose outcome stays unknown.
    static func outcome(first: MintClientError?, latest: MintClientError) -> MintClientError {
        guard let first, !first.isDefinite, latest.isDefinite else { return latest }
        return MintClientError(
            first.code,
            endpoint: latest.endpoint,
            "a replay ended with \(latest.code) after the first attempt failed with \(first.code); "
                + "the first attempt's outcome is unknown",
            httpStatus: first.httpStatus,
            underlying: latest
        )
    }

    /// Waits for this request's slot while the mint is being paced.
    private func waitForTurn(_ endpoint: MintEndpoint) async throws(MintClientError) {
        let wait = pacer.reserve(now: ContinuousClock.now)
        guard wait > .zero else { return }
        do { try await Task.sleep(for: wait) } catch {
            throw MintClientError(.cancelled, endpoint: endpoint.template, "request cancelled while the mint was paced")
        }
    }

    /// One attempt: send, read the answer within the deadline and the size limit, decode or classify.
    private func send<Response: Decodable>(
        _ endpoint: MintEndpoint,
        body: [UInt8]?
    ) async -> Result<Response, MintClientError> {
        let template = endpoint.template
        guard !Task.isCancelled else {
            return .failure(MintClientError(.cancelled, endpoint: template, "request cancelled before it was sent"))
        }
        var request = HTTPClientRequest(url: mintURL.appending(path: endpoint.path))
        request.method = endpoint.isPOST ? .POST : .GET
        request.headers.add(name: "Accept", value: "application/json")
        if let authorizer {
            // NUT-21/22: asked anew for each attempt (a token may have been renewed, a blind one spent).
            do {
                for header in try await authorizer.headers(method: endpoint.method, path: endpoint.path) {
                    request.headers.add(name: header.name, value: header.value)
                }
            } catch {
                // Never sent. A mint that could not be reached while minting blind auth tokens stays "unreachable".
                let code: MintClientError.Code = error.code == .unreachable ? .unreachable : .authenticationRequired
                return .failure(
                    MintClientError(
                        code, endpoint: template, error.reason, mintError: error.mintError, underlying: error))
            }
        }
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let deadline = NIODeadline.now() + TimeAmount(duration(for: endpoint.deadline))

        let response: HTTPClientResponse
        do {
            // No logger: async-http-client logs full URLs, and a URL may carry a quote id.
            response = try await httpClient.execute(request, deadline: deadline, logger: nil)
        } catch {
            return .failure(failure(error, template))
        }
        let status = Int(response.status.code)
        let bytes: ByteBuffer
        do {
            bytes = try await ResponseBodyReader.collect(response.body, limit: maximumResponseBytes, deadline: deadline)
        } catch is NIOTooManyBytesError {
            let code: MintClientError.Code = status == 200 ? .invalidResponse : .httpStatus
            return .failure(
                MintClientError(
                    code,
                    endpoint: template,
                    "answer larger than \(maximumResponseBytes) bytes",
                    httpStatus: status
                )
            )
        } catch is ResponseBodyReader.DeadlinePassed {
            return .failure(
                MintClientError(
                    .timeout,
                    endpoint: template,
                    "deadline passed while the answer arrived",
                    httpStatus: status
                )
            )
        } catch {
            return .failure(failure(error, template, httpStatus: status))
        }
        guard !Task.isCancelled else {
            return .failure(MintClientError(.cancelled, endpoint: template, "request cancelled", httpStatus: status))
        }
        return Self.interpret(
            status: status,
            body: bytes.readableBytesView,
            history: response.history.count,
            endpoint: endpoint,
            retryAfter: RetryAfter.parse(response.headers.first(name: "Retry-After"), now: Date())
        )
    }

    /// The answer read as this endpoint's response, the mint's NUT-00 error, or a bare HTTP status.
    static func interpret<Response: Decodable>(
        status: Int,
        body: some Collection<UInt8>,
        history: Int,
        endpoint: MintEndpoint,
        retryAfter: Duration? = nil
    ) -> Result<Response, MintClientError> {
        let template = endpoint.template
        guard history <= 1 else {
            return .failure(
                MintClientError(
                    .invalidResponse,
                    endpoint: template,
                    "the HTTP client followed a redirect",
                    httpStatus: status
                )
            )
        }
        guard status == 200 else {
            // A rate limiter answers before the mint acts, whatever its body says.
            if status == 429 {
                return .failure(
                    MintClientError(
                        .unreachable,
                        endpoint: template,
                        "the mint is limiting requests (HTTP 429); nothing was done",
                        httpStatus: status,
                        retryAfter: retryAfter
                    )
                )
            }
            if let mintError = MintErrorBody.parse(body, status: status) {
                return .failure(
                    MintClientError(
                        .mintRefused,
                        endpoint: template,
                        "the mint refused the request",
                        mintError: mintError,
                        httpStatus: status
                    )
                )
            }
            return .failure(
                MintClientError(
                    .httpStatus,
                    endpoint: template,
                    "HTTP \(status) without a mint error body",
                    httpStatus: status,
                    retryAfter: status == 503 ? retryAfter : nil
                )
            )
        }
        do {
            return .success(try JSONDecoder().decode(Response.self, from: Data(body)))
        } catch {
            return .failure(
                MintClientError(
                    .invalidResponse,
                    endpoint: template,
                    "answer is not the JSON this endpoint returns",
                    httpStatus: status,
                    underlying: error
                )
            )
        }
    }

    private func failure(_ error: any Error, _ template: String, httpStatus: Int? = nil) -> MintClientError {
        let (code, reason) =
            Task.isCancelled ? (.cancelled, "request cancelled") : HTTPFailureClassifier.classify(error)
        return MintClientError(code, endpoint: template, reason, httpStatus: httpStatus, underlying: error)
    }

    private func duration(for deadline: MintEndpoint.Deadline) -> Duration {
        switch deadline {
        case .read: timeouts.read
        case .write: timeouts.write
        case .melt: timeouts.melt
        }
    }

    private func log(
        _ level: Logger.Level,
        _ message: Logger.Message,
        _ endpoint: MintEndpoint,
        attempt: Int,
        milliseconds: Int64? = nil,
        status: Int? = nil,
        error: MintClientError? = nil
    ) {
        guard let logger else { return }
        var metadata: Logger.Metadata = ["mint.endpoint": "\(endpoint.template)", "mint.attempt": "\(attempt)"]
        if let milliseconds { metadata["duration_ms"] = "\(milliseconds)" }
        if let status = status ?? error?.httpStatus { metadata["http.status"] = "\(status)" }
        if let error {
            metadata["mint.error"] = "\(error.code)"
            if let code = error.mintError?.code { metadata["mint.error_code"] = "\(code)" }
        }
        logger.log(level: level, message, metadata: metadata)
    }
}
