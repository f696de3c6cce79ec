// NUT-24 — HTTP 402 Payment Required: an HTTP client that pays a server's 402 with ecash. The first request goes out
// as it is; a 402 with an `X-Cashu` payment request is prepared (the engine's payment-request payment: the request's
// amount, unit, mints and lock, the receiver's fee included) and, once confirmed, the request goes out again with the
// token in `X-Cashu`.

import AsyncHTTPClient
import CashuHTTP
import CoreCashu
import Foundation
import NIOCore
import NIOHTTP1

/// Fetches HTTP resources that may cost ecash (NUT-24), over any HTTP client: the portable part of
/// `LinuxWallet.prepareFetch`, which gives it the wallet's proxy-aware client.
///
/// A token the server refuses (it answers anything but 2xx to the paid retry, or the connection fails) stays in the
/// wallet as a pending send that can be reclaimed (`Wallet.reclaim(_:)`); the error carries its operation id. The
/// client never follows redirects, and logs nothing.
package struct PaidHTTPClient: Sendable {
    /// The most bytes of an answer's body read.
    package static let bodyLimit = 16 * 1024 * 1024
    /// How long the server has to send its answer's head, then its body.
    package static let timeout: TimeAmount = .seconds(30)

    let wallet: Wallet
    let httpClient: HTTPClient
    let proxied: Bool

    /// A client paying from `wallet` over `httpClient`.
    /// - Parameters:
    ///   - wallet: the wallet that pays.
    ///   - httpClient: the HTTP client (one made by `MintConnections.makeHTTPClient(proxy:)` follows no
    ///     redirects); it must outlive the client's requests.
    ///   - proxied: whether `httpClient` goes through a proxy (an `.onion` server is reached only then).
    package init(wallet: Wallet, httpClient: HTTPClient, proxied: Bool = false) {
        self.wallet = wallet
        self.httpClient = httpClient
        self.proxied = proxied
    }

    /// Sends `request`; when the server answers 402 with a NUT-24 payment request, prepares its payment and holds the
    /// proofs for it, spending nothing until ``PreparedPaidRequest/confirm()``.
    /// - Parameters:
    ///   - request: the request.
    ///   - most: the most to pay, the fees included, in `unit`; a price over it is refused before anything is held,
    ///     and a payment whose fees take it over is released at once. `nil`: no cap.
    ///   - unit: the unit to pay in: a server asking for another is refused.
    ///   - mint: the mint to pay from (it must be one the server accepts); `nil`: a mint the server lists that holds
    ///     enough, the wallet's default first.
    /// - Returns: the prepared request: its ``PreparedPaidRequest/payment`` when the server asked for one (`nil`: the
    ///   answer came without, any status but a NUT-24 402).
    /// - Throws: `WalletError`: `invalidInput` for a URL that is not http(s), a payment request that cannot be read or
    ///   paid as asked, another unit or a price over `most`; `deliveryFailed` when the server cannot be reached;
    ///   what preparing the payment throws (`unknownMint`, `insufficientFunds`, `unsupported`, …).
    package func prepare(
        _ request: PaidHTTPRequest, most: UInt64? = nil, unit: CurrencyUnit = .sat, mint: MintURL? = nil
    ) async throws(WalletError) -> PreparedPaidRequest {
        let first = try await exchange(request, token: nil)
        guard first.status == NUT24.paymentRequired, let header = first.header(NUT24.header) else {
            return PreparedPaidRequest(answered: first, client: self, request: request)
        }
        let asked = try NUT24.paymentRequest(header: header)
        try NUT24.checkPrice(asked, unit: unit, most: most)
        let payment = try await wallet.preparePaymentRequest(
            asked, mint: mint, preferredMint: try await wallet.defaultMint())
        do {
            try NUT24.checkTotal(payment.total, price: payment.requested, unit: unit, most: most)
        } catch {
            await payment.cancel()
            throw error
        }
        return PreparedPaidRequest(payment: payment, client: self, request: request)
    }

    /// Sends `request` (with `token` in `X-Cashu` instead of any given) and reads the whole answer.
    /// - Throws: `WalletError` `invalidInput` for a URL that is not http(s); `deliveryFailed` when the server cannot
    ///   be reached, does not answer in time, or answers more than ``bodyLimit`` bytes.
    func exchange(_ request: PaidHTTPRequest, token: String?) async throws(WalletError) -> PaidHTTPResponse {
        guard let url = URL(string: request.url), let scheme = url.scheme?.lowercased(),
            scheme == "https" || scheme == "http", let host = url.host, !host.isEmpty
        else {
            throw WalletError(.invalidInput, "not an http(s) URL: \(request.url)")
        }
        if !proxied, HostName.isOnion(url) {
            throw WalletError(.deliveryFailed, "\(host) is an .onion address, reached only through a proxy to Tor")
        }
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for (name, value) in request.headers
        where token == nil || name.caseInsensitiveCompare(NUT24.header) != .orderedSame {
            outgoing.headers.add(name: name, value: value)
        }
        if let token { outgoing.headers.add(name: NUT24.header, value: token) }
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        do {
            let response = try await httpClient.execute(outgoing, deadline: .now() + Self.timeout)
            // The client's own deadline ends with the head: the body is raced against the same one.
            let body = try await ResponseBodyReader.collect(
                response.body, limit: Self.bodyLimit, deadline: .now() + Self.timeout)
            return PaidHTTPResponse(
                status: response.status.code, headers: response.headers.map { ($0.name, $0.value) },
                body: Data(body.readableBytesView))
        } catch is NIOTooManyBytesError {
            throw WalletError(.deliveryFailed, "\(host) answered more than \(Self.bodyLimit / 1024 / 1024) MiB")
        } catch is ResponseBodyReader.DeadlinePassed {
            throw WalletError(.deliveryFailed, "\(host) did not finish its answer in time")
        } catch {
            throw WalletError(.deliveryFailed, "\(host) cannot be reached", underlying: error)
        }
    }
}
