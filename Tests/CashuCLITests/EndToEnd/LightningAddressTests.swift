// End to end: `cashu pay user@127.0.0.1:PORT AMOUNT` against a loopback LNURL-pay server (standing in for a third
// party, LUD-06/16): the invoice it returns is checked before anything is paid.

import CashuTestSupport
import CoreCashu
import Crypto
import Foundation
import Testing

@Suite("cashu pay to a Lightning address", .timeLimit(.minutes(3)))
struct LightningAddressTests {
    static let metadata = #"[["text/plain","Coffee"],["text/identifier","shop@127.0.0.1"]]"#

    /// What the stand-in payee puts in its invoices.
    enum Behaviour: Sendable {
        case honest, wrongAmount, wrongDescription, refuses
    }

    /// A loopback LNURL-pay server for `shop`, answering as `behaviour` says.
    static func payee(_ behaviour: Behaviour) throws -> LoopbackServer {
        let port = Locked(0)
        let server = try LoopbackServer { _, request in
            let base = "http://127.0.0.1:\(port.withLock { $0 })"
            if request.path.hasPrefix("/.well-known/lnurlp/shop") {
                let answer: [String: Any] = [
                    "tag": "payRequest", "callback": "\(base)/callback", "minSendable": 1000,
                    "maxSendable": 1_000_000, "metadata": metadata, "commentAllowed": 10,
                ]
                let body = (try? JSONSerialization.data(withJSONObject: answer)) ?? Data()
                return .respond(status: 200, body: Array(body))
            }
            guard let query = URLComponents(string: request.path)?.queryItems,
                let msat = query.first(where: { $0.name == "amount" }).flatMap({ UInt64($0.value ?? "") })
            else { return .json(#"{"status":"ERROR","reason":"no amount"}"#) }
            if case .refuses = behaviour { return .json(#"{"status":"ERROR","reason":"shop closed"}"#) }
            let amount = behaviour == .wrongAmount ? msat + 1000 : msat
            let description = behaviour == .wrongDescription ? "something else" : metadata
            let invoice = (try? Bolt11TestInvoice.make(
                hrp: "lnbc\(amount * 10)p", timestamp: UInt64(Date().timeIntervalSince1970),
                fields: [
                    .paymentHash(Array(SHA256.hash(data: Array(UUID().uuidString.utf8)))),
                    .paymentSecret([UInt8](repeating: 0x11, count: 32)),
                    .descriptionHash(Array(SHA256.hash(data: Array(description.utf8)))),
                ])) ?? ""
            return .json(#"{"pr":"\#(invoice)","routes":[]}"#)
        }
        port.withLock { $0 = server.port }
        return server
    }

    @Test("an invoice for another amount, or not committing to the payee's description, is refused unpaid")
    func refusedBeforePaying() async throws {
        let mint = try await TestMint.shared
        let alice = CLIWallet()
        defer { alice.remove() }
        try await alice.fund(100, at: mint.url)
        for behaviour in [Behaviour.wrongAmount, .wrongDescription, .refuses] {
            let payee = try Self.payee(behaviour)
            defer { payee.stop() }
            let paid = try await alice.run("pay", "--yes", "shop@127.0.0.1:\(payee.port)", "21")
            #expect(paid.status != 0, "\(behaviour): \(paid)")
            switch behaviour {
            case .wrongAmount: #expect(paid.stderr.contains("does not ask for the amount"), "\(paid)")
            case .wrongDescription: #expect(paid.stderr.contains("description hash"), "\(paid)")
            default: #expect(paid.stderr.contains("shop closed"), "\(paid)")
            }
        }
        #expect(try await alice.balance() == 100)
    }

    @Test("an honest payee's invoice is paid from the wallet (the mint's FakeWallet settles it)")
    func pays() async throws {
        let mint = try await TestMint.shared
        let alice = CLIWallet()
        defer { alice.remove() }
        try await alice.fund(100, at: mint.url)
        let payee = try Self.payee(.honest)
        defer { payee.stop() }
        let paid = try await alice.run(
            "pay", "--yes", "--json", "shop@127.0.0.1:\(payee.port)", "21", "--comment", "thanks")
        #expect(paid.status == 0, "\(paid)")
        #expect(payee.requests.contains { $0.path.contains("amount=21000") && $0.path.contains("comment=thanks") })
        #expect(try await alice.balance() < 80)
    }

    @Test("an address without an amount, or a bad address, is a usage or input error")
    func badArguments() async throws {
        let alice = CLIWallet()
        defer { alice.remove() }
        let noAmount = try await alice.run("pay", "--yes", "shop@127.0.0.1:1")
        #expect(noAmount.status == 64, "\(noAmount)")
        try await alice.json("wallet", "init")
        let bad = try await alice.run("pay", "--yes", "sh op@127.0.0.1:1", "21")
        #expect(bad.status == 65, "\(bad)")
    }
}
