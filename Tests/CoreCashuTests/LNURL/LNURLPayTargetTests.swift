// Tests of LNURL/LightningAddress.swift: Lightning addresses (LUD-16), bech32 LNURLs (LUD-01) and lnurlp:// (LUD-17).

import Testing

@testable import CashuEngine
import CoreCashu

@Suite("LNURL-pay targets")
struct LNURLPayTargetTests {
    @Test("a Lightning address names its well-known LNURL-pay URL, over https")
    func address() throws {
        let target = try LNURLPayTarget("Satoshi@Example.com")
        #expect(target.url.absoluteString == "https://example.com/.well-known/lnurlp/satoshi")
        #expect(target.address == "satoshi@example.com")
        #expect(try LNURLPayTarget("lightning:a.b-c_d+e@pay.example").url.path == "/.well-known/lnurlp/a.b-c_d+e")
    }

    @Test("a loopback or onion host is fetched over http (tests, Tor)")
    func plainHTTP() throws {
        #expect(try LNURLPayTarget("shop@127.0.0.1:8080").url.absoluteString
            == "http://127.0.0.1:8080/.well-known/lnurlp/shop")
        #expect(try LNURLPayTarget("me@abcdefghij.onion").url.scheme == "http")
    }

    @Test("LUD-01: the spec's bech32 LNURL decodes to its https URL")
    func bech32() throws {
        let lnurl =
            "LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEX"
            + "EJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS"
        let target = try LNURLPayTarget(lnurl)
        #expect(target.url.absoluteString
            == "https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df")
        #expect(target.address == nil)
    }

    @Test("lnurlp:// becomes https (LUD-17)")
    func lnurlp() throws {
        #expect(try LNURLPayTarget("lnurlp://pay.example/a/b?c=1").url.absoluteString == "https://pay.example/a/b?c=1")
    }

    @Test("not an address: refused", arguments: [
        "", "@example.com", "user@", "us er@example.com", "user@exa mple.com", "a@b@c", "ÿ@example.com",
        "user@example.com/path", "lnurl1qqqq", "user@%0Aexample.com", "u@example.com#", "lnurlp://u:p@pay.example",
    ])
    func refused(text: String) {
        #expect(throws: LNURLError.self) { try LNURLPayTarget(text) }
    }

    @Test("a bech32 LNURL to plain http elsewhere than loopback or onion is refused")
    func insecureLNURL() throws {
        let bytes = Array("http://service.example/pay".utf8)
        let encoded = try Bech32.encode(hrp: "lnurl", bytes: bytes, variant: .bech32)
        #expect(throws: LNURLError.self) { try LNURLPayTarget(encoded) }
    }

    @Test("only an address in 127.0.0.0/8, localhost or ::1 counts as this machine, not a name starting with 127.")
    func loopback() throws {
        #expect(try LNURLPayTarget("shop@127.attacker.example").url.scheme == "https")
        #expect(try LNURLPayTarget("shop@127.0.0.1").url.scheme == "http")
        #expect(try LNURLPayTarget("shop@localhost:8080").url.scheme == "http")
        #expect(!HostName.isLoopback("127.0.0.1.example") && HostName.isLoopback("127.8.9.10"))
    }
}
