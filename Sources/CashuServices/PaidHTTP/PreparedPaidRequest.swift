// NUT-24 — HTTP 402 Payment Required: a fetched resource and, when the server asked for ecash, its price, prepared
// for a front end to show and confirm.

import CoreCashu

/// A request sent once (`LinuxWallet.prepareFetch`), with the payment its server asked for prepared.
///
/// When the server answered 402 with a NUT-24 payment request, ``payment`` shows the price (`requested`), what the
/// wallet adds in fees (`total` − `requested`), the mint and the server's request, and holds the proofs until
/// ``confirm()`` pays and sends the request again with the token, or ``cancel()`` (or the hold lapses). Otherwise
/// ``payment`` is `nil` and ``confirm()`` returns the answer already received.
public struct PreparedPaidRequest: Sendable {
    /// The prepared payment of the server's payment request; `nil` when the server asked for none.
    public let payment: PreparedRequestPayment?
    /// The answer without payment, when the server asked for none.
    let answered: PaidHTTPResponse?
    let client: PaidHTTPClient
    let request: PaidHTTPRequest

    init(payment: PreparedRequestPayment, client: PaidHTTPClient, request: PaidHTTPRequest) {
        self.payment = payment
        self.answered = nil
        self.client = client
        self.request = request
    }

    init(answered: PaidHTTPResponse, client: PaidHTTPClient, request: PaidHTTPRequest) {
        self.payment = nil
        self.answered = answered
        self.client = client
        self.request = request
    }

    /// The server's answer: the one already received when it asked for no payment; otherwise the answer to the
    /// request sent again with a token of ``payment`` in `X-Cashu`, which this makes (and pays).
    /// - Throws: `WalletError` as `PreparedRequestPayment.confirm()` when the token cannot be made (nothing was
    ///   paid, or the send is journaled for recovery); `deliveryFailed` when the server cannot be reached with the
    ///   token or answers anything but 2xx: the token then stays in the wallet as a pending send (the error's
    ///   operation id), reclaimable unless the server claimed it.
    public func confirm() async throws(WalletError) -> PaidHTTPResponse {
        guard let payment else {
            guard let answered else { throw WalletError(.invalidInput, "nothing was prepared") }
            return answered
        }
        let paid = try await payment.confirm()
        let operation = paid.send.operationID
        let kept = "the token stays in the wallet as a pending send, reclaimable unless the server claimed it"
        let token: String
        do { token = try paid.send.token.encoded(as: .v4) } catch {
            throw WalletError(
                .invalidInput, "the token cannot be written (\(error.reason)); \(kept)", operationID: operation)
        }
        let response: PaidHTTPResponse
        do { response = try await client.exchange(request, token: token) } catch {
            throw WalletError(
                .deliveryFailed, "\(error.reason) with the payment; \(kept)", operationID: operation,
                underlying: error)
        }
        guard NUT24.accepted(status: response.status) else {
            throw WalletError(
                .deliveryFailed, "the server refused the payment (HTTP \(response.status)); \(kept)",
                operationID: operation)
        }
        return response
    }

    /// Releases the held proofs; nothing is paid. A no-op when no payment was asked for.
    public func cancel() async {
        await payment?.cancel()
    }
}
