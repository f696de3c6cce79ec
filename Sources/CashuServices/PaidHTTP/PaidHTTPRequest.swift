// NUT-24 — HTTP 402 Payment Required: the request a paid HTTP client sends, and sends again with the payment.

import Foundation

/// An HTTP request to a resource that may cost ecash (``PaidHTTPClient/prepare(_:most:unit:mint:)``): sent as it is,
/// then, if the server answers 402 with a NUT-24 payment request, sent again with the token in `X-Cashu`.
package struct PaidHTTPRequest: Sendable {
    /// The URL (http or https).
    package var url: String
    /// The method, upper case.
    package var method: String
    /// The headers, in order (an `X-Cashu` among them is replaced by the payment on the paid retry).
    package var headers: [(name: String, value: String)]
    /// The body, if any.
    package var body: Data?

    /// A request.
    /// - Parameters:
    ///   - url: an http or https URL.
    ///   - method: the method (`GET` when `nil`, `POST` when there is a body).
    ///   - headers: headers to send, in order.
    ///   - body: the body.
    package init(url: String, method: String? = nil, headers: [(name: String, value: String)] = [], body: Data? = nil) {
        self.url = url
        self.method = (method ?? (body == nil ? "GET" : "POST")).uppercased()
        self.headers = headers
        self.body = body
    }
}
