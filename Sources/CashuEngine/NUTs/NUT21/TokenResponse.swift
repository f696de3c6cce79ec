// NUT-21 — an OAuth 2.0 token endpoint's answers (RFC 6749 §5.1 success, §5.2 errors; RFC 8628 §3.5 device-flow
// errors) as a wallet reads them.

import Foundation

/// What the token endpoint answered.
package enum TokenResponse: Sendable, Equatable {
    /// Tokens were issued.
    case tokens(ClearAuthTokens)
    /// RFC 8628: the user has not approved yet (`authorization_pending`), or asks to poll slower (`slow_down`).
    case pending(slowDown: Bool)
    /// A definite refusal.
    case refused(AuthError)

    /// Reads a token endpoint's answer, received `now`.
    package static func read(_ body: [UInt8], now: Date) -> TokenResponse {
        guard body.count <= 64 * 1024,
            let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
        else { return .refused(AuthError(.invalidProvider, "the token endpoint's answer cannot be read")) }
        if let error = object["error"] as? String {
            switch error {
            case "authorization_pending": return .pending(slowDown: false)
            case "slow_down": return .pending(slowDown: true)
            case "access_denied": return .refused(AuthError(.declined, "the login was declined"))
            case "expired_token": return .refused(AuthError(.expired, "the login code expired; start again"))
            case "invalid_client", "unauthorized_client":
                return .refused(AuthError(.unknownClient, "the provider does not accept this mint's client id"))
            case "invalid_grant":
                return .refused(AuthError(.loginRefused, "the provider refused the login (wrong user or password?)"))
            default:
                return .refused(AuthError(.loginRefused, "the provider refused the login (\(error.prefix(40)))"))
            }
        }
        guard let access = object["access_token"] as? String, !access.isEmpty, access.utf8.count <= 16 * 1024 else {
            return .refused(AuthError(.invalidProvider, "the token endpoint gave no access token"))
        }
        let lifetime = (object["expires_in"] as? NSNumber)?.doubleValue
        let claims = JWTClaims(access)
        let expiry = claims?.expiry ?? lifetime.map { now.addingTimeInterval($0) }
        return .tokens(
            ClearAuthTokens(
                accessToken: access,
                refreshToken: (object["refresh_token"] as? String).flatMap { $0.isEmpty ? nil : $0 },
                expiresAt: expiry, subject: claims?.user))
    }
}
