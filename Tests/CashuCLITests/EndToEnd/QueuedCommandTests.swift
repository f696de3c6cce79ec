// End to end: the offline queue through the `cashu` binary — a receive and a payment asked for while their mint is
// down are kept ("queued", exit 0), listed by `cashu pending`, and run exactly once by `cashu refresh` when the mint
// is back (the same mint restarted on its port, database and key).

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu offline queue", .timeLimit(.minutes(5)))
struct QueuedCommandTests {
    @Test("a receive and a payment for a mint that is down are queued, then done once by refresh when it is back")
    func queuedUntilTheMintIsBack() async throws {
        let mint = try await RestartableTestMint.make()
        let alice = CLIWallet()
        let bob = CLIWallet()
        defer {
            alice.remove()
            bob.remove()
        }
        do {
            try await mint.start()
            try await alice.fund(500, at: try mint.url)
            let sent = try await alice.run("send", "100")
            #expect(sent.status == 0, "\(sent)")
            let token = sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let second = try await alice.run("send", "50")
            let secondToken = second.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let invoice = try await TestMint.externalInvoice(amount: 20)
            let before = try await alice.balance()
            try await bob.json("wallet", "init")

            await mint.kill()
            let received = try await bob.json("receive", "--trust", token)
            #expect(received.string("state") == "queued")
            // Why, and what happens next: a stable code and the wallet's words, never the token.
            #expect(received.string("reason") == "mintUnreachable", "\(received)")
            let detail = try #require(received.string("detail"))
            #expect(detail.contains("cannot be reached") && !detail.contains(token), "\(detail)")
            let paid = try await alice.json("pay", "--yes", invoice)
            #expect(paid.string("state") == "queued")
            // A queued receive the user no longer wants queued: dropped, and its token handed back (nothing lost).
            let secondQueued = try await bob.run("receive", "--trust", secondToken)
            #expect(secondQueued.status == 0, "\(secondQueued)")
            let line = secondQueued.stdout
            let mintURL = try mint.url.rawValue
            #expect(line.hasPrefix("Queued: the mint \(mintURL) cannot be reached ("), "\(line)")
            #expect(line.contains("received when the mint is back (`cashu refresh`, or the timer"), "\(line)")
            #expect(!line.contains(secondToken))
            let listed = try await bob.json("pending", "--offline").array("queued") ?? []
            let secondID = try #require(
                listed.compactMap { $0.string("id") }.first { $0 != received.string("queued") }, "\(listed)")
            let forgotten = try await bob.json("pending", "--offline", "--forget", secondID)
            #expect(forgotten.string("token") == secondToken)
            let waiting = try await bob.json("pending", "--offline")
            #expect(waiting.array("queued")?.count == 1)
            #expect(waiting.array("queued")?.first?.string("kind") == "receive")
            #expect(waiting.array("queued")?.first?.uint("amount") == 100)
            // Still down: refresh keeps both queued and says so; nothing is lost or spent.
            let early = try await bob.run("refresh", "--json")
            #expect(early.json?.object("queue")?.array("stillQueued")?.count == 1, "\(early)")
            #expect(try await bob.balance() == 0)
            #expect(try await alice.balance() == before)

            try await mint.start()
            let bobPass = try await bob.json("refresh")
            let bobDone = try #require(bobPass.object("queue")?.array("completed")?.first)
            let receivedAmount = try #require(bobDone.uint("received"))
            #expect(receivedAmount + (bobDone.uint("fee") ?? 0) == 100)
            #expect(try await bob.balance() == receivedAmount)

            let alicePass = try await alice.json("refresh")
            #expect(alicePass.object("queue")?.array("completed")?.first?.string("kind") == "melt")
            let paidOut = try await alice.balance()
            #expect(paidOut + 20 <= before && paidOut + 20 + 10 >= before, "before \(before), after \(paidOut)")
            // Alice takes the dropped token back herself: it was never received by anyone.
            let back = try await alice.json("receive", secondToken)
            #expect(back.string("state") == "received")
            let after = try await alice.balance()
            #expect(after + 2 >= paidOut + 50 && after <= paidOut + 50)

            // Exactly once: another pass runs nothing and the balances stay.
            let again = try await bob.json("refresh")
            #expect(again.object("queue")?.array("completed")?.isEmpty == true)
            #expect(try await bob.balance() == receivedAmount)
            #expect(try await alice.balance() == after)
            #expect(try await bob.json("pending").array("queued")?.isEmpty == true)
        } catch {
            await mint.remove()
            throw error
        }
        await mint.remove()
    }
}
