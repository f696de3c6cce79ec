// End to end: `cashu --proxy` and `--tor` — commands go through a real SOCKS5 proxy (microsocks); with the proxy down
// they fail as unreachable (69) and say so; an .onion mint without a proxy is refused before any connection.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu through a proxy", .timeLimit(.minutes(3)))
struct ProxyTests {
    @Test("--proxy and CASHU_PROXY: mint and send through it; with it down, exit 69 naming the proxy")
    func throughTheProxy() async throws {
        let mint = try await TestMint.shared
        let socks = try await TestSOCKSProxy.start()
        defer { socks.stop() }
        let alice = CLIWallet()
        defer { alice.remove() }
        let proxy = "socks5h://127.0.0.1:\(socks.port)"
        let minted = try await alice.run("mint", "100", "--mint", mint.url.rawValue, "--json", "--proxy", proxy)
        #expect(minted.status == 0, "\(minted)")
        let sent = try await alice.run("send", "--fresh", "10", environment: ["CASHU_PROXY": proxy])
        #expect(sent.status == 0 && sent.stdout.hasPrefix("cashuB"), "\(sent)")
        socks.stop()
        let down = try await alice.run("send", "--fresh", "10", "--proxy", proxy)
        #expect(down.status == 69, "\(down)")
        #expect(down.stderr.contains("through the proxy socks5h://127.0.0.1:\(socks.port); is it running?"), "\(down)")
    }

    @Test("mints add --proxy: that mint goes through the proxy in every later command, without --proxy")
    func perMintProxy() async throws {
        let mint = try await TestMint.shared
        let socks = try await TestSOCKSProxy.start()
        defer { socks.stop() }
        let alice = CLIWallet()
        defer { alice.remove() }
        let proxy = "socks5h://127.0.0.1:\(socks.port)"
        let added = try await alice.json("mints", "add", mint.url.rawValue, "--proxy", proxy)
        #expect(added.string("proxy") == proxy, "\(added)")
        let minted = try await alice.run("mint", "50", "--json")
        #expect(minted.status == 0, "\(minted)")
        let listed = try await alice.json("mints", "list")
        #expect((listed["mints"] as? [[String: Any]])?.first?["proxy"] as? String == proxy, "\(listed)")
        socks.stop()
        let down = try await alice.run("mint", "10")
        #expect(down.status == 69, "\(down)")
    }

    @Test("an .onion mint without a proxy: refused (69) before any connection")
    func onionWithoutProxy() async throws {
        let alice = CLIWallet()
        defer { alice.remove() }
        let added = try await alice.run(
            "mints", "add", "http://2gzyxa5ihm7nsggfxnu52rck2vv4rvmdlkiu3zzui5du4xyclen53wid.onion")
        #expect(added.status == 69, "\(added)")
        #expect(added.stderr.contains("only through a proxy to Tor"), "\(added)")
    }

    @Test("bad proxy settings: a configuration error (78) or usage (64), credentials never echoed")
    func badSettings() async throws {
        let alice = CLIWallet()
        defer { alice.remove() }
        let bad = try await alice.run("balance", "--proxy", "socks5h://user:hunter2@127.0.0.1:1")
        #expect(bad.status == 78 && !bad.stderr.contains("hunter2"), "\(bad)")
        let both = try await alice.run("balance", "--proxy", "socks5h://127.0.0.1:1", "--tor")
        #expect(both.status == 64, "\(both)")
    }
}
