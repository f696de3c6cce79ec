// End to end: `cashu proofs` lists what the wallet holds without a secret, and `cashu burn` takes out of the balance
// the proofs the mint says were spent elsewhere (the same recovery phrase in another wallet), spending nothing.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu proofs and burn", .timeLimit(.minutes(5)))
struct ProofsBurnTests {
    @Test("proofs lists the holdings by keyset and amount; burn takes out what another wallet of the phrase spent")
    func proofsAndBurn() async throws {
        let mint = try await TestMint.shared
        let original = CLIWallet()
        let twin = CLIWallet()
        let payee = CLIWallet()
        defer { original.remove(); twin.remove(); payee.remove() }
        try await original.fund(300, at: mint.url)
        try await payee.json("mints", "add", mint.url.rawValue)

        // proofs: every spendable proof counted, by keyset and amount, and no secret printed.
        let listed = try await original.json("proofs")
        let groups = try #require(listed.array("proofs"))
        let spendable = groups.filter { $0.string("state") == "unspent" }
        #expect(spendable.reduce(UInt64(0)) { $0 + ($1.uint("amount") ?? 0) * ($1.uint("count") ?? 0) } == 300)
        #expect(groups.allSatisfy { $0.string("mint") == mint.url.rawValue && $0.string("keyset")?.isEmpty == false })
        let human = try await original.run("proofs")
        #expect(human.status == 0 && human.stdout.contains("spendable proof"))
        #expect(!human.stdout.lowercased().contains("secret"))

        // Nothing spent elsewhere yet: burn checks and burns nothing.
        let clean = try await original.json("burn")
        let count = spendable.reduce(UInt64(0)) { $0 + ($1.uint("count") ?? 0) }
        #expect(clean.array("mints")?.first?.uint("checked") == count)
        #expect(clean.array("mints")?.first?.object("burned")?.isEmpty == true)
        #expect(try await original.balance() == 300)

        // The twin (same phrase) spends part of the proofs at the mint; the original still counts them.
        let phrase = try #require(try await original.json("wallet", "backup").string("mnemonic"))
        _ = try await twin.json("restore", "--mint", mint.url.rawValue, stdin: phrase + "\n")
        let token = try #require(try await twin.json("send", "100", "--fresh").string("token"))
        _ = try await payee.json("receive", token)
        #expect(try await original.balance() == 300)

        let burned = try await original.json("burn")
        let amount = try #require(burned.array("mints")?.first?.object("burned")?["sat"] as? NSNumber).uint64Value
        #expect(amount > 0)
        #expect(try await original.balance() == 300 - amount)
        // What is left is unspent at the mint: a second burn finds nothing.
        #expect(try await original.json("burn").array("mints")?.first?.object("burned")?.isEmpty == true)
        // The history tells it.
        let history = try await original.run("history")
        #expect(history.stdout.contains("burned"))
    }
}
