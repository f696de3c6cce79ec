// CLI: delivering a NUT-18 payment payload over the request's HTTP POST transport.

import AsyncHTTPClient
import CoreCashu
import Foundation

/// Posts payment payloads to a payee's endpoint.
enum PaymentDelivery {
    /// POSTs `payload` as JSON to `target` (NUT-18 §Transport `post`), through the command's proxy when it has one.
    /// - Throws: ``CLIError`` `mintUnreachable` class when the payee cannot be reached or does not answer 2xx.
    static func post(_ payload: PaymentRequestPayload, to target: String) async throws {
        guard let url = URL(string: target), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http",
            url.host != nil
        else {
            throw CLIError(.input, "the request's POST target is not an http(s) URL", code: "invalidInput")
        }
        let body: Data
        do { body = try JSONEncoder().encode(payload) } catch {
            throw CLIError(.internal, "cannot encode the payment payload", code: "internal")
        }
        var request = HTTPClientRequest(url: target)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(Array(body))
        let status: UInt
        let proxy = ProxyChoice.active.withLock { $0 }
        if proxy == nil, HostName.isOnion(url) {
            throw CLIError(
                .mintUnreachable, "the payee is an .onion address, reached only through a proxy to Tor (--tor)",
                code: "deliveryFailed")
        }
        // A client of its own: through the proxy when there is one, never following redirects.
        let client = HTTPMintConnector.makeHTTPClient(proxy: proxy)
        do {
            let response = try await client.execute(request, timeout: .seconds(30))
            status = response.status.code
            try? await client.shutdown()
        } catch {
            try? await client.shutdown()
            throw CLIError(
                .mintUnreachable,
                "the payee at \(Untrusted.display(target)) cannot be reached",
                code: "deliveryFailed"
            )
        }
        guard (200..<300).contains(status) else {
            throw CLIError(
                .mintUnreachable,
                "the payee at \(Untrusted.display(target)) refused the payment (HTTP \(status))",
                code: "deliveryFailed"
            )
        }
    }
}
