// Local API: a login code opens one session, once, within its lifetime; sessions lapse.

import Foundation
import Testing

@testable import CashuAPI

@Suite("API sessions")
struct APISessionsTests {
    @Test("a code opens a session once")
    func once() async throws {
        let sessions = APISessions()
        let code = await sessions.issueCode()
        #expect(code.count == 64)
        let session = try #require(await sessions.redeem(code))
        #expect(await sessions.isLive(session.id, key: session.key))
        #expect(!(await sessions.isLive(session.id, key: String(repeating: "0", count: 64))))
        #expect(!(await sessions.isLive(session.key, key: session.id)))
        #expect(await sessions.redeem(code) == nil)
        #expect(!(await sessions.isLive(code, key: session.key)))
        await sessions.end(session.id)
        #expect(!(await sessions.isLive(session.id, key: session.key)))
    }

    @Test("a lapsed code opens nothing; a session lapses")
    func lapse() async throws {
        let sessions = APISessions(codeLifetime: 10, sessionLifetime: 100)
        let start = Date()
        let late = await sessions.issueCode(now: start)
        #expect(await sessions.redeem(late, now: start.addingTimeInterval(11)) == nil)
        let code = await sessions.issueCode(now: start)
        let session = try #require(await sessions.redeem(code, now: start.addingTimeInterval(5)))
        #expect(await sessions.isLive(session.id, key: session.key, now: start.addingTimeInterval(100)))
        #expect(!(await sessions.isLive(session.id, key: session.key, now: start.addingTimeInterval(106))))
    }

    @Test("an unknown code opens nothing")
    func unknown() async {
        #expect(await APISessions().redeem("00") == nil)
        #expect(!(await APISessions().isLive("00", key: "00")))
    }
}
