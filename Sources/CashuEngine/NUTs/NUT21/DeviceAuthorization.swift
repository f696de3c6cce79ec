// NUT-21 — RFC 8628 device authorization: what the provider answers (the code the user types and where), and how
// the wallet polls for the login.

import Foundation

/// A device authorization answer (RFC 8628 §3.2).
package struct DeviceAuthorization: Sendable, Equatable, CustomStringConvertible {
    /// The code the wallet polls with (secret).
    package var deviceCode: String
    /// The code the user types.
    package var userCode: String
    /// Where the user goes.
    package var verificationURI: String
    /// The same with the code filled in, when given (for a QR code).
    package var verificationURIComplete: String?
    /// When the codes expire.
    package var expiresAt: Date
    /// Seconds between polls (5 by default, RFC 8628 §3.2).
    package var interval: TimeInterval

    /// Reads the answer received at `now`.
    /// - Throws: ``AuthError`` `.invalidProvider` for an answer without the required fields.
    package init(json: [UInt8], now: Date) throws(AuthError) {
        guard json.count <= 64 * 1024,
            let object = (try? JSONSerialization.jsonObject(with: Data(json))) as? [String: Any],
            let device = object["device_code"] as? String, !device.isEmpty,
            let user = object["user_code"] as? String, !user.isEmpty,
            let uri = (object["verification_uri"] as? String) ?? (object["verification_url"] as? String),
            let lifetime = (object["expires_in"] as? NSNumber)?.doubleValue
        else { throw AuthError(.invalidProvider, "the device authorization answer lacks its codes") }
        deviceCode = device
        userCode = user
        verificationURI = uri
        verificationURIComplete = object["verification_uri_complete"] as? String
        expiresAt = now.addingTimeInterval(min(max(lifetime, 1), 3600))
        interval = min(max((object["interval"] as? NSNumber)?.doubleValue ?? 5, 1), 60)
    }

    /// The next poll interval after a `slow_down` (RFC 8628 §3.5: 5 seconds more).
    package func slowedDown() -> DeviceAuthorization {
        var slower = self
        slower.interval += 5
        return slower
    }

    package var description: String { "DeviceAuthorization(\(userCode) at \(verificationURI))" }
}
