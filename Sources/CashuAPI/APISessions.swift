// Local API: the web wallet's logins — a one-time link (`cashu daemon open`) that becomes a session cookie.

import CoreCashu
import Foundation

/// One-time login codes and the sessions they open, in memory (a restarted service forgets them: open again).
///
/// A code is good once and for a minute; a session for twelve hours. A session is two secrets: its id, in an HttpOnly
/// cookie, and its key, which the page keeps in `sessionStorage` (scoped to the service's origin, port included) and
/// sends in a header. Browsers send cookies to every port of a host, so a page another local program serves on
/// another port gets the cookie; without the key it cannot use it. All are 32 random bytes in hex.
actor APISessions {
    private var codes: [String: Date] = [:]
    private var sessions: [String: (until: Date, key: String)] = [:]
    private let codeLifetime: TimeInterval
    private let sessionLifetime: TimeInterval

    init(codeLifetime: TimeInterval = 60, sessionLifetime: TimeInterval = 12 * 3600) {
        self.codeLifetime = codeLifetime
        self.sessionLifetime = sessionLifetime
    }

    /// A new one-time login code.
    func issueCode(now: Date = Date()) -> String {
        prune(now)
        let code = Self.randomHex()
        codes[code] = now.addingTimeInterval(codeLifetime)
        return code
    }

    /// The session `code` opens, once (its id and its key); `nil` for an unknown, used or lapsed code.
    func redeem(_ code: String, now: Date = Date()) -> (id: String, key: String)? {
        prune(now)
        guard codes.removeValue(forKey: code) != nil else { return nil }
        let session = (id: Self.randomHex(), key: Self.randomHex())
        sessions[session.id] = (now.addingTimeInterval(sessionLifetime), session.key)
        return session
    }

    /// Whether `session` is live and `key` is its key.
    func isLive(_ session: String, key: String, now: Date = Date()) -> Bool {
        guard let entry = sessions[session], entry.until > now else { return false }
        return APIAccess.constantTimeEqual(key, entry.key)
    }

    /// Ends `session` (logging out).
    func end(_ session: String) {
        sessions[session] = nil
    }

    private func prune(_ now: Date) {
        codes = codes.filter { $0.value > now }
        sessions = sessions.filter { $0.value.until > now }
    }

    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.encode((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}
