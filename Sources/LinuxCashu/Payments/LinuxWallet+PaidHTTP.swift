// LinuxWallet: NUT-24 — fetching an HTTP resource that may cost ecash, through the wallet's proxy: CashuServices'
// paid HTTP client over the wallet's own HTTP client.

import CashuServices
import CoreCashu
import Foundation

extension LinuxWallet {
    /// Sends an HTTP request; when the server answers 402 with a NUT-24 payment request (`X-Cashu`: `creqA` or
    /// `creqb`), prepares its payment — a token for the request's amount (net of the server's input fee), unit,
    /// mints and lock — and holds the proofs, spending nothing until `PreparedPaidRequest.confirm()` sends the
    /// request again with the token in `X-Cashu`.
    ///
    /// ```swift
    /// let prepared = try await linux.prepareFetch("https://api.example.com/joke", most: 50)
    /// if let payment = prepared.payment {
    ///     print("pay \(payment.requested) sat + \(payment.total - payment.requested) in fees?")
    /// }
    /// let answer = try await prepared.confirm()                // or: await prepared.cancel()
    /// print(answer.status, String(decoding: answer.body, as: UTF8.self))
    /// ```
    ///
    /// The server is reached through the wallet's proxy (an `.onion` one only through a proxy); redirects are not
    /// followed. A token the server refuses (anything but 2xx to the paid request, or the connection lost) stays a
    /// pending send: `Wallet.reclaim(_:)` with the error's operation id takes it back.
    /// - Parameters:
    ///   - url: an http or https URL.
    ///   - method: the method (`GET` when `nil`, `POST` when there is a body).
    ///   - headers: headers to send, in order.
    ///   - body: the body.
    ///   - most: the most to pay, fees included, in `unit`: a price over it is refused before anything is held, a
    ///     payment whose fees take it over is released at once; `nil`: no cap.
    ///   - unit: the unit to pay in; a server asking for another is refused.
    ///   - mint: the mint to pay from (one the server accepts); `nil`: a listed mint holding enough, the default
    ///     first.
    /// - Throws: `WalletError`: `invalidInput` for a URL that is not http(s), a payment request that cannot be read
    ///   or paid as asked, another unit or a price over `most`; `deliveryFailed` when the server cannot be reached;
    ///   what preparing a payment throws (`unknownMint`, `insufficientFunds`, `unsupported`, …).
    public func prepareFetch(
        _ url: String, method: String? = nil, headers: [(name: String, value: String)] = [], body: Data? = nil,
        most: UInt64? = nil, unit: CurrencyUnit = .sat, mint: MintURL? = nil
    ) async throws(WalletError) -> PreparedPaidRequest {
        let (client, proxied) = httpClient.clientForOthers()
        let request = PaidHTTPRequest(url: url, method: method, headers: headers, body: body)
        return try await PaidHTTPClient(wallet: wallet, httpClient: client, proxied: proxied)
            .prepare(request, most: most, unit: unit, mint: mint)
    }
}
