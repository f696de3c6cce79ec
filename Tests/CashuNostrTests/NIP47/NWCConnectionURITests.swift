// NIP-47 — the connection URI: parsing, formatting, several relays, percent-encoding, the secret redacted.

import Testing

@testable import CashuNostr

@Suite("NIP-47 connection URI")
struct NWCConnectionURITests {
    static let walletHex = "b889ff5b1513b641e2a139f661a661364979c5beee91842f8f0ef42ab558e9d4"
    static let secretHex = "71a8c14c1407c113601079c4302dab36460f0ccd0ad506f1f2dc73b5100e4f3c"

    @Test("the spec's example parses")
    func specExample() throws {
        let uri = try NWCConnectionURI(
            "nostr+walletconnect://\(Self.walletHex)?relay=wss%3A%2F%2Frelay.damus.io&secret=\(Self.secretHex)")
        #expect(uri.walletPublicKey.hex == Self.walletHex)
        #expect(uri.relays == [try NostrRelayURL("wss://relay.damus.io")])
        #expect(uri.secret.privateKey.exposedSecretHex == Self.secretHex)
        #expect(uri.lud16 == nil)
    }

    @Test("several relays in order, lud16, unknown parameters ignored, a round trip through uriString")
    func severalRelays() throws {
        let text =
            "nostr+walletconnect://\(Self.walletHex)?relay=wss%3A%2F%2Fone.example&foo=bar"
            + "&relay=wss://two.example/path&secret=\(Self.secretHex)&lud16=alice%40example.com"
        let uri = try NWCConnectionURI(text)
        #expect(uri.relays.map(\.string) == ["wss://one.example", "wss://two.example/path"])
        #expect(uri.lud16 == "alice@example.com")
        let formatted = uri.uriString
        #expect(formatted.hasPrefix("nostr+walletconnect://\(Self.walletHex)?relay=wss%3A%2F%2Fone.example&"))
        #expect(formatted.contains("relay=wss%3A%2F%2Ftwo.example%2Fpath"))
        #expect(formatted.contains("lud16=alice%40example.com"))
        #expect(try NWCConnectionURI(formatted) == uri)
    }

    @Test("the scheme in any case and without slashes; a trailing slash after the key")
    func lenientForms() throws {
        let a = try NWCConnectionURI(
            "NOSTR+WALLETCONNECT:\(Self.walletHex)?relay=wss://r.example&secret=\(Self.secretHex)")
        let b = try NWCConnectionURI(
            "nostr+walletconnect://\(Self.walletHex)/?relay=wss://r.example&secret=\(Self.secretHex)")
        #expect(a == b)
    }

    @Test(
        "malformed URIs are refused",
        arguments: [
            "nostr+walletconnect://\(walletHex)?secret=\(secretHex)",  // no relay
            "nostr+walletconnect://\(walletHex)?relay=wss://r.example",  // no secret
            "nostr+walletconnect://abcd?relay=wss://r.example&secret=\(secretHex)",  // short key
            "nostrwalletconnect://\(walletHex)?relay=wss://r.example&secret=\(secretHex)",  // scheme
            "nostr+walletconnect://\(walletHex)?relay=https://r.example&secret=\(secretHex)",  // not a relay
            "nostr+walletconnect://\(walletHex)?relay=wss://r.example&secret=zz",  // secret not hex
            "nostr+walletconnect://\(walletHex)?relay=wss://r.example&secret=\(secretHex)&secret=\(secretHex)",
            "nostr+walletconnect://\(walletHex)?relay=wss://r.example&secret=%ZZ",  // bad percent-encoding
            "",
        ])
    func malformed(_ text: String) {
        #expect(throws: NostrError.self) { try NWCConnectionURI(text) }
    }

    @Test("the secret is in no description and no error")
    func redacted() throws {
        let uri = try NWCConnectionURI(
            "nostr+walletconnect://\(Self.walletHex)?relay=wss://r.example&secret=\(Self.secretHex)")
        #expect(!uri.description.contains(Self.secretHex))
        #expect(!uri.debugDescription.contains(Self.secretHex))
        #expect(!String(describing: uri).contains(Self.secretHex))
        #expect(!String(reflecting: uri).contains(Self.secretHex))
        #expect(uri.description.contains("<redacted>"))
        do {
            _ = try NWCConnectionURI("nostr+walletconnect://\(Self.walletHex)?secret=\(Self.secretHex)")
            Issue.record("expected an error")
        } catch {
            #expect(!error.reason.contains(Self.secretHex))
        }
    }
}
