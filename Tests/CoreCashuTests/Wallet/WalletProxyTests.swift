// A real SOCKS5 proxy (microsocks) between the wallet and a real mint (behind nginx, whose access log shows where
// each request came from): every request goes through the proxy, and once it is down nothing goes out directly.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
import CoreCashu

@Suite("Wallet through a SOCKS5 proxy", .serialized, .timeLimit(.minutes(3)))
struct WalletProxyTests {
    @Test func everyRequestGoesThroughTheProxyAndNoneDirectlyWhenItIsDown() async throws {
        let mint = try await TestMint.shared
        let nginx = try await TestNginx.start(inFrontOf: mint.url)
        defer { nginx.stop() }
        // nginx's own readiness check came directly; the wallet's requests are the ones after it.
        let readiness = nginx.clientAddresses().count
        let socks = try await TestSOCKSProxy.start()
        defer { socks.stop() }
        let client = HTTPMintConnector.makeHTTPClient(proxy: socks.proxy)
        let factory: @Sendable (MintURL) -> any MintConnector = { url in
            HTTPMintConnector(mintURL: url, httpClient: client, proxied: true)
        }
        let alice = try await TestWallet.open(connectorFactory: factory)
        let bob = try await TestWallet.open(connectorFactory: factory)
        defer { alice.remove(); bob.remove() }

        try await alice.fund(300, mintURL: nginx.url)
        let sent = try await alice.wallet.send(amount: 50, mint: nginx.url, options: SendOptions(preferOffline: false))
        try await bob.wallet.addMint(nginx.url)
        let received = try await bob.wallet.receive(token: sent.token)
        #expect(received.amount + received.fee == 50)
        let quote = try await alice.wallet.meltQuote(
            request: try await TestMint.externalInvoice(amount: 20), mint: nginx.url)
        #expect(try await alice.wallet.melt(quoteID: quote.id).state == .paid)
        let clients = nginx.clientAddresses().dropFirst(readiness)
        #expect(clients.count > 8)
        #expect(clients.allSatisfy { $0 == TestSOCKSProxy.outgoingAddress }, "\(Set(clients))")

        // The proxy goes away: the next swap cannot reach the mint, and nothing reaches it directly.
        socks.stop()
        let before = try await alice.wallet.balance()
        do {
            _ = try await alice.wallet.send(amount: 10, mint: nginx.url, options: SendOptions(preferOffline: false))
            Issue.record("a send went through with the proxy down")
        } catch {
            #expect(error.code == .mintUnreachable, "\(error)")
        }
        #expect(nginx.clientAddresses().count == readiness + clients.count)
        #expect(try await alice.wallet.balance() == before)
        try await client.shutdown()
    }
}
