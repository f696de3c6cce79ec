// Local API: a failure as the API answers it — an HTTP status and `{"error": {code, message, operation}}`.

import CoreCashu
import Foundation
import HTTPTypes
import Hummingbird

/// A failed request: the wallet's error code kept, a status a client can act on, a message free of secrets.
struct APIFailure: Error, Sendable {
    var status: HTTPResponse.Status
    var code: String
    var message: String
    var operation: String?

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String, operation: String? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.operation = operation
    }

    /// The answer to any error a route throws.
    static func from(_ error: any Error) -> APIFailure {
        switch error {
        case let failure as APIFailure:
            return failure
        case let error as WalletError:
            var message = error.reason
            if let refused = error.mintError {
                // The mint's own words (and NUT-00 code), as the CLI shows them.
                let detail = refused.detail.trimmingCharacters(in: .whitespacesAndNewlines)
                let code = refused.code.map { " (code \($0))" } ?? ""
                if !detail.isEmpty || !code.isEmpty { message += ": \(detail.prefix(300))\(code)" }
            }
            return APIFailure(
                status(of: error.code), error.code.description, message, operation: error.operationID?.description)
        case let error as any CashuError:
            // A parser's refusal (a malformed URL, token, key): the input's fault.
            return APIFailure(.badRequest, error.codeName, error.reason)
        case let error as any HTTPResponseError:
            return APIFailure(error.status, "http", "\(error.status.code) \(error.status.reasonPhrase)")
        case is DecodingError:
            return APIFailure(.badRequest, "invalidInput", "the request body is not the JSON this endpoint takes")
        case is CancellationError:
            return APIFailure(.serviceUnavailable, "cancelled", "the service is stopping")
        default:
            return APIFailure(.internalServerError, "internal", "unexpected failure")
        }
    }

    /// 424 Failed Dependency: the mint (or a payee, a resolver) did not do its part. Not a 5xx: the service itself is
    /// fine, and a client retries when the mint is back.
    static let failedDependency = HTTPResponse.Status(code: 424, reasonPhrase: "Failed Dependency")

    /// The status of a wallet error code.
    static func status(of code: WalletError.Code) -> HTTPResponse.Status {
        switch code {
        case .pending: .accepted
        case .mintUnreachable, .mintRefused, .unsupported, .keysetMismatch, .invalidMintResponse, .deliveryFailed,
            .authenticationRequired:
            failedDependency
        case .alreadySpent, .expired, .quoteState: .conflict
        case .insufficientFunds, .unknownMint: .unprocessableContent
        case .cancelled: .serviceUnavailable
        case .storage, .secureStore: .internalServerError
        default: .badRequest
        }
    }

    /// The JSON answer.
    var response: Response {
        var fields: [String: String] = ["code": code, "message": message]
        if let operation { fields["operation"] = operation }
        return APIJSON.response(["error": fields], status: status)
    }
}
