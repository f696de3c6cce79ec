// Local API: the web wallet's logins — a one-time link (`cashu daemon open`) that becomes a session cookie.

import CoreCashu
import Foundation

/// One-time login codes and the sessions they open, in memory (a restarted service forgets them: open again).
///
/// A code is good once and for two minutes; a session for twelve hours. Both are 32 random bytes in hex.
actor APISessions {
    private var codes: [String: Date] = [:]
    private var sessions: [String: Date] = [:]
    private let codeLifetime: TimeInterval
    private let sessionLifetime: TimeInterval

    init(codeLifetime: TimeInterval = 120, sessionLifetime: TimeInterval = 12 * 3600) {
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

    /// The session `code` opens, once; `nil` for an unknown, used or lapsed code.
    func redeem(_ code: String, now: Date = Date()) -> String? {
        prune(now)
        guard codes.removeValue(forKey: code) != nil else { return nil }
        let session = Self.randomHex()
        sessions[session] = now.addingTimeInterval(sessionLifetime)
        return session
    }

    /// Whether `session` is live.
    func isLive(_ session: String, now: Date = Date()) -> Bool {
        guard let until = sessions[session] else { return false }
        return until > now
    }

    /// Ends `session` (logging out).
    func end(_ session: String) {
        sessions[session] = nil
    }

    private func prune(_ now: Date) {
        codes = codes.filter { $0.value > now }
        sessions = sessions.filter { $0.value > now }
    }

    static func randomHex() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.encode((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }
}
