// LUD-06/16 — LNURL-pay over HTTP: the payee's parameters, then an invoice for the amount, checked before paying.

import AsyncHTTPClient
import CashuEngine
import Foundation
import NIOCore

/// Fetches LNURL-pay parameters and invoices with a client the caller owns (`HTTPMintConnector/makeHTTPClient`
/// makes one that never follows redirects, through a proxy when given one).
package struct LNURLClient: Sendable {
    /// The largest answer read, in bytes.
    static let maximumBody = 64 * 1024

    let httpClient: HTTPClient
    let proxied: Bool
    let timeout: TimeAmount

    /// - Parameters:
    ///   - httpClient: the client (the caller shuts it down).
    ///   - proxied: whether it goes through a proxy; without one an `.onion` payee is refused before any connection.
    ///   - timeout: per request.
    package init(httpClient: HTTPClient, proxied: Bool = false, timeout: Duration = .seconds(15)) {
        self.httpClient = httpClient
        self.proxied = proxied
        self.timeout = TimeAmount(timeout)
    }

    /// The payee's `payRequest` (LUD-06 first step).
    /// - Throws: `LNURLError`.
    package func payParameters(_ target: LNURLPayTarget) async throws(LNURLError) -> LNURLPayParameters {
        try LNURLPayParameters(json: try await get(target.url), origin: target.url)
    }

    /// An invoice for `millisatoshis` from the payee, checked against the amount and the metadata's hash.
    /// - Throws: `LNURLError`.
    package func invoice(_ parameters: LNURLPayParameters, millisatoshis: UInt64, comment: String? = nil)
        async throws(LNURLError) -> String
    {
        let url = try parameters.invoiceURL(millisatoshis: millisatoshis, comment: comment)
        return try parameters.invoice(fromCallback: try await get(url), millisatoshis: millisatoshis)
    }

    private func get(_ url: URL) async throws(LNURLError) -> [UInt8] {
        if !proxied && HostName.isOnion(url) {
            throw LNURLError(.unreachable, "an .onion payee is reached only through a proxy to Tor (--tor)")
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .GET
        request.headers.add(name: "Accept", value: "application/json")
        do {
            let response = try await httpClient.execute(request, timeout: timeout)
            let body = try await response.body.collect(upTo: Self.maximumBody)
            // LUD-06 errors come as JSON with status ERROR, whatever the HTTP status; anything else must be 200.
            let bytes = Array(buffer: body)
            guard response.status.code == 200 || bytes.first == UInt8(ascii: "{") else {
                throw LNURLError(.payeeRefused, "the payee answered HTTP \(response.status.code)")
            }
            return bytes
        } catch let error as LNURLError {
            throw error
        } catch is NIOTooManyBytesError {
            throw LNURLError(.invalidResponse, "the payee's answer is too large")
        } catch {
            throw LNURLError(.unreachable, "the payee at \(url.host ?? "?") cannot be reached")
        }
    }
}
