// NUT-21 — logging in to a mint's OpenID provider over HTTP: discovery, the password grant, the device authorization
// grant (RFC 8628) and refreshing, with a client the caller owns.

import AsyncHTTPClient
import CashuEngine
import Foundation
import NIOCore

/// Talks to an OpenID provider for a mint's public client (NUT-21: no client secret).
package struct OpenIDClient: Sendable {
    /// The largest answer read, in bytes.
    static let maximumBody = 256 * 1024

    let httpClient: HTTPClient
    let clientID: String
    let timeout: TimeAmount

    /// - Parameters:
    ///   - httpClient: the client (the caller shuts it down).
    ///   - clientID: the mint's `client_id` (NUT-21 settings).
    ///   - timeout: per request.
    package init(httpClient: HTTPClient, clientID: String, timeout: Duration = .seconds(15)) {
        self.httpClient = httpClient
        self.clientID = clientID
        self.timeout = TimeAmount(timeout)
    }

    /// The provider's discovery document.
    /// - Throws: `AuthError` `.invalidProvider`, `.unreachable`.
    package func configuration(discovery: String) async throws(AuthError) -> OpenIDConfiguration {
        guard let url = URL(string: discovery), OpenIDConfiguration.isAcceptable(url) else {
            throw AuthError(.invalidProvider, "the mint's discovery URL must be https (or on this machine)")
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        let (status, body) = try await send(request, host: url.host)
        guard status == 200 else { throw AuthError(.invalidProvider, "the discovery document answered HTTP \(status)") }
        return try OpenIDConfiguration(json: body)
    }

    /// Logs in with a user name and password (the resource owner password grant, for headless use).
    /// - Throws: `AuthError` (`.loginRefused`, `.unknownClient`, ...).
    package func login(_ configuration: OpenIDConfiguration, user: String, password: String) async throws(AuthError)
        -> ClearAuthTokens
    {
        let answer = try await token(
            configuration,
            ["grant_type": "password", "username": user, "password": password, "scope": "openid"])
        return try Self.tokens(answer)
    }

    /// Starts a device login (RFC 8628 §3.1): the user is shown the code and the address.
    /// - Throws: `AuthError` `.invalidProvider` when the provider has no device flow.
    package func startDeviceLogin(_ configuration: OpenIDConfiguration) async throws(AuthError) -> DeviceAuthorization {
        guard let endpoint = configuration.deviceAuthorizationEndpoint else {
            throw AuthError(.invalidProvider, "the provider offers no device login; use a user name and password")
        }
        let (status, body) = try await post(endpoint, ["client_id": clientID, "scope": "openid"])
        if status != 200, case .refused(let error) = TokenResponse.read(body, now: Date()) { throw error }
        guard status == 200 else { throw AuthError(.invalidProvider, "the device login answered HTTP \(status)") }
        return try DeviceAuthorization(json: body, now: Date())
    }

    /// Polls until the user approved the device login, declined it, or its code expired.
    /// - Throws: `AuthError` (`.declined`, `.expired`, ...); `CancellationError` never (a cancelled wait is
    ///   `.expired`).
    package func finishDeviceLogin(_ configuration: OpenIDConfiguration, _ authorization: DeviceAuthorization)
        async throws(AuthError) -> ClearAuthTokens
    {
        var current = authorization
        while Date() < current.expiresAt {
            do { try await Task.sleep(for: .seconds(current.interval)) } catch {
                throw AuthError(.expired, "the login was abandoned")
            }
            let answer = try await token(
                configuration,
                [
                    "grant_type": "urn:ietf:params:oauth:grant-type:device_code",
                    "device_code": current.deviceCode,
                ])
            switch answer {
            case .tokens(let tokens): return tokens
            case .pending(let slowDown): if slowDown { current = current.slowedDown() }
            case .refused(let error): throw error
            }
        }
        throw AuthError(.expired, "the login code expired before it was approved; start again")
    }

    /// New tokens for a refresh token.
    /// - Throws: `AuthError` `.loginRequired` when the provider refuses it (log in again), `.unreachable`.
    package func refresh(_ configuration: OpenIDConfiguration, _ tokens: ClearAuthTokens) async throws(AuthError)
        -> ClearAuthTokens
    {
        guard let refreshToken = tokens.refreshToken else {
            throw AuthError(.loginRequired, "the login expired and cannot be renewed: log in again")
        }
        let answer = try await token(configuration, ["grant_type": "refresh_token", "refresh_token": refreshToken])
        switch answer {
        case .tokens(var renewed):
            // A provider may keep the refresh token unchanged and omit it.
            if renewed.refreshToken == nil { renewed.refreshToken = refreshToken }
            return renewed
        case .pending, .refused:
            throw AuthError(.loginRequired, "the login can no longer be renewed: log in again")
        }
    }

    private func token(_ configuration: OpenIDConfiguration, _ fields: [String: String]) async throws(AuthError)
        -> TokenResponse
    {
        var form = fields
        form["client_id"] = clientID
        let (_, body) = try await post(configuration.tokenEndpoint, form)
        return TokenResponse.read(body, now: Date())
    }

    private static func tokens(_ answer: TokenResponse) throws(AuthError) -> ClearAuthTokens {
        switch answer {
        case .tokens(let tokens): return tokens
        case .pending: throw AuthError(.invalidProvider, "the provider answered a password login as pending")
        case .refused(let error): throw error
        }
    }

    private func post(_ url: URL, _ fields: [String: String]) async throws(AuthError) -> (UInt, [UInt8]) {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        request.body = .bytes(ByteBuffer(string: Self.formEncoded(fields)))
        return try await send(request, host: url.host)
    }

    private func send(_ request: HTTPClientRequest, host: String?) async throws(AuthError) -> (UInt, [UInt8]) {
        do {
            let response = try await httpClient.execute(request, timeout: timeout)
            let body = try await response.body.collect(upTo: Self.maximumBody)
            return (response.status.code, Array(buffer: body))
        } catch is NIOTooManyBytesError {
            throw AuthError(.invalidProvider, "the provider's answer is too large")
        } catch {
            throw AuthError(.unreachable, "the login provider at \(host ?? "?") cannot be reached")
        }
    }

    /// `application/x-www-form-urlencoded` (keys sorted, so a request is always the same bytes).
    static func formEncoded(_ fields: [String: String]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return fields.sorted { $0.key < $1.key }.map { key, value in
            let name = key.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            let text = value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            return "\(name)=\(text)"
        }.joined(separator: "&")
    }
}
