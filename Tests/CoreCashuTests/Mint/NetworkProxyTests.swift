// Tests of CashuHTTP's NetworkProxy.swift: proxy URLs parsed, credentials never printed, .onion mints refused without
// a proxy before any connection.

import CashuTestSupport
import Testing

@testable import CashuEngine
@testable import CashuHTTP
import CoreCashu

@Suite("Network proxy")
struct NetworkProxyTests {
    @Test("socks5h, socks5 and http proxies parse; defaults and Tor's port")
    func parses() throws {
        let socks = try NetworkProxy("socks5h://127.0.0.1:9050")
        #expect(socks.kind == .socks5h && socks.host == "127.0.0.1" && socks.port == 9050)
        #expect(socks == .tor)
        #expect(try NetworkProxy("socks5://proxy.example").port == 1080)
        #expect(try NetworkProxy("http://proxy.example").port == 8080)
        #expect(try NetworkProxy("HTTP://proxy.example:3128").kind == .http)
    }

    @Test("credentials are kept for HTTP CONNECT and never printed")
    func credentialsRedacted() throws {
        let proxy = try NetworkProxy("http://alice:s3cret@proxy.example:3128")
        #expect(proxy.description == "http://***@proxy.example:3128")
        #expect(!"\(proxy)".contains("s3cret") && !String(reflecting: proxy.description).contains("alice"))
    }

    @Test("unusable proxy URLs are refused with a reason and without echoing credentials", arguments: [
        "ftp://proxy:21", "socks5h://", "socks5h://user:pw@127.0.0.1:1080", "http://proxy:0", "http://proxy:80/path",
        "not a url", "socks5h://a%0AExecStartPre=/bin/sh:1080", "socks5h://a%20b:1080",
    ])
    func refused(text: String) {
        #expect(throws: WalletError.self) { try NetworkProxy(text) }
        do { _ = try NetworkProxy(text) } catch { #expect(!error.reason.contains("pw")) }
    }

    @Test("an .onion mint without a proxy is refused before any connection; with one it is tried")
    func onion() async throws {
        let onion = try MintURL("http://2gzyxa5ihm7nsggfxnu52rck2vv4rvmdlkiu3zzui5du4xyclen53wid.onion")
        #expect(onion.isOnion)
        #expect(try !MintURL("https://mint.example").isOnion)
        let direct = HTTPMintConnector(mintURL: onion, httpClient: TestHTTP.client)
        do {
            _ = try await direct.info()
            Issue.record("an .onion mint was reached without a proxy")
        } catch {
            #expect(error.code == .unreachable)
            #expect(error.reason.contains("only through a proxy"))
        }
    }

    @Test("a SOCKS proxy that cannot reach the mint: unreachable (nothing was sent), never ambiguous")
    func proxyCannotReachTheMint() async throws {
        let socks = try await TestSOCKSProxy.start()
        defer { socks.stop() }
        let client = HTTPMintConnector.makeHTTPClient(proxy: socks.proxy)
        // A port nothing listens on: the proxy's connection to it is refused.
        let nowhere = try MintURL("http://127.0.0.1:\(try TestPort.reserve())")
        let connector = HTTPMintConnector(mintURL: nowhere, httpClient: client, proxied: true)
        do {
            _ = try await connector.swap(SwapRequest(inputs: [], outputs: []))
            Issue.record("a swap reached a mint that is not there")
        } catch {
            #expect(error.code == .unreachable, "\(error)")
        }
        try await client.shutdown()
    }

    @Test("a proxy's password never shows in dump() or mirrors")
    func mirrorRedacted() throws {
        var dumped = ""
        dump(try NetworkProxy("http://alice:s3cret@proxy.example:3128"), to: &dumped)
        #expect(!dumped.contains("s3cret") && dumped.contains("***@"))
        #expect(try NetworkProxy("socks5h://[::1]:1080").host == "::1")
        #expect(try MintURL("http://2gzyxa5ihm7nsggfxnu52rck2vv4rvmdlkiu3zzui5du4xyclen53wid.onion.").isOnion)
    }
}
