// NUT-18: delivering a payment request's payload over its HTTP POST transport.

import AsyncHTTPClient
import CashuEngine
import Foundation
import NIOCore

/// Posts NUT-18 payment payloads to a payee's endpoint (§Transport `post`), never following redirects.
package struct PaymentRequestPoster: Sendable {
    let httpClient: HTTPClient
    let proxied: Bool

    /// A poster over `httpClient`.
    /// - Parameters:
    ///   - httpClient: the client (`HTTPMintConnector/makeHTTPClient(timeouts:proxy:)` never follows redirects).
    ///   - proxied: whether the client goes through a proxy (an `.onion` payee is reached only then).
    package init(httpClient: HTTPClient, proxied: Bool) {
        self.httpClient = httpClient
        self.proxied = proxied
    }

    /// POSTs `payload` as JSON to `target`.
    /// - Throws: `WalletError` `invalidInput` for a target that is not an http(s) URL, `deliveryFailed` when the
    ///   payee cannot be reached or does not answer 2xx.
    package func post(_ payload: PaymentRequestPayload, to target: String) async throws(WalletError) {
        guard let url = URL(string: target), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", url.host != nil
        else {
            throw WalletError(.invalidInput, "the request's POST target is not an http(s) URL")
        }
        if !proxied, HostName.isOnion(url) {
            throw WalletError(.deliveryFailed, "the payee is an .onion address, reached only through a proxy to Tor")
        }
        let body: Data
        do { body = try JSONEncoder().encode(payload) } catch {
            throw WalletError(.invalidInput, "the payment payload cannot be written as JSON", underlying: error)
        }
        var request = HTTPClientRequest(url: target)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: body))
        let status: UInt
        do {
            let response = try await httpClient.execute(request, timeout: .seconds(30))
            status = response.status.code
            _ = try? await response.body.collect(upTo: 64 * 1024)
        } catch {
            throw WalletError(.deliveryFailed, "the payee cannot be reached", underlying: error)
        }
        guard (200..<300).contains(status) else {
            throw WalletError(.deliveryFailed, "the payee refused the payment (HTTP \(status))")
        }
    }
}
