// NIP-98 — HTTP Auth headers: the NIP's own example event (a peer's bytes) verifies, ours verify, and each of the
// server's checks refuses what it should.

import CashuEngine
import Crypto
import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-98 HTTP Auth")
struct NIP98Tests {
    /// The example event of nips/98.md, as its `Authorization` header.
    static let specHeader =
        "Nostr eyJpZCI6ImZlOTY0ZTc1ODkwMzM2MGYyOGQ4NDI0ZDA5MmRhODQ5NGVkMjA3Y2JhODIzMTEwYmUzYTU3ZGZlNGI1Nzg3MzQiLCJwdWJr"
        + "ZXkiOiI2M2ZlNjMxOGRjNTg1ODNjZmUxNjgxMGY4NmRkMDllMThiZmQ3NmFhYmMyNGEwMDgxY2UyODU2ZjMzMDUwNGVkIiwiY29udGVudCI6"
        + "IiIsImtpbmQiOjI3MjM1LCJjcmVhdGVkX2F0IjoxNjgyMzI3ODUyLCJ0YWdzIjpbWyJ1IiwiaHR0cHM6Ly9hcGkuc25vcnQuc29jaWFsL2Fw"
        + "aS92MS9uNXNwL2xpc3QiXSxbIm1ldGhvZCIsIkdFVCJdXSwic2lnIjoiNWVkOWQ4ZWM5NThiYzg1NGY5OTdiZGMyNGFjMzM3ZDAwNWFmMzcy"
        + "MzI0NzQ3ZWZlNGEwMGUyNGY0YzMwNDM3ZmY0ZGQ4MzA4Njg0YmVkNDY3ZDlkNmJlM2U1YTUxN2JiNDNiMTczMmNjN2QzMzk0OWEzYWFmODY3"
        + "MDVjMjIxODQifQ"
    static let specURL = "https://api.snort.social/api/v1/n5sp/list"

    @Test("the NIP's example event verifies at its time, and not a minute and more later")
    func specExample() throws {
        // The NIP prints the base64 without its padding, as some clients send it.
        let padded = Self.specHeader
        let event = try NIP98.verify(header: padded, url: Self.specURL, method: "GET", now: 1_682_327_852)
        #expect(event.id == "fe964e758903360f28d8424d092da8494ed207cba823110be3a57dfe4b578734")
        #expect(event.pubkey.hex == "63fe6318dc58583cfe16810f86dd09e18bfd76aabc24a0081ce2856f330504ed")
        #expect(throws: NostrError.self) {
            try NIP98.verify(header: padded, url: Self.specURL, method: "GET", now: 1_682_327_852 + 61)
        }
    }

    @Test("a header we make is a kind 27235 event with u, method and the body's payload hash, and verifies")
    func roundTrip() throws {
        let keys = NostrKeyPair.random()
        let url = "https://npub.example/api/v2/user/mint"
        let body = Array(#"{"mint_url":"https://mint.example"}"#.utf8)
        let header = try NIP98.header(url: url, method: "patch", body: body, keys: keys, createdAt: 1_700_000_000)
        #expect(header.hasPrefix("Nostr "))
        let event = try NIP98.verify(header: header, url: url, method: "PATCH", body: body, now: 1_700_000_030)
        #expect(event.kind == 27235 && event.content.isEmpty && event.pubkey == keys.publicKey)
        #expect(event.tagValues("u") == [url] && event.tagValues("method") == ["PATCH"])
        #expect(event.firstTagValue("payload") == Hex.encode(Array(SHA256.hash(data: body))))
        #expect(!header.contains(keys.privateKey.exposedSecretHex))
    }

    @Test("another URL (a query differs), method, body or time, or a tampered signature, is refused")
    func refused() throws {
        let keys = NostrKeyPair.random()
        let url = "http://127.0.0.1:8080/api/v2/wallet/quotes?since=10"
        let header = try NIP98.header(url: url, method: "GET", keys: keys, createdAt: 1_700_000_000)
        let now: Int64 = 1_700_000_000
        let wrong: [(String, String, [UInt8], Int64)] = [
            ("http://127.0.0.1:8080/api/v2/wallet/quotes?since=11", "GET", [], now),
            ("http://127.0.0.1:8080/api/v2/wallet/quotes", "GET", [], now),
            (url, "POST", [], now),
            (url, "GET", [], now - 61),
        ]
        for (url, method, body, at) in wrong {
            #expect(throws: NostrError.self) {
                try NIP98.verify(header: header, url: url, method: method, body: body, now: at)
            }
        }
        let withBody = try NIP98.header(url: url, method: "PATCH", body: [1, 2, 3], keys: keys, createdAt: now)
        #expect(throws: NostrError.self) {
            try NIP98.verify(header: withBody, url: url, method: "PATCH", body: [1, 2, 4], now: now)
        }
        var json = String(decoding: try #require(NostrBase64.decode(header.dropFirst(6))), as: UTF8.self)
        json = json.replacingOccurrences(of: "\"GET\"", with: "\"PUT\"")
        let forged = "Nostr " + NostrBase64.encode(Array(json.utf8))
        #expect(throws: NostrError.self) { try NIP98.verify(header: forged, url: url, method: "PUT", now: now) }
        #expect(throws: NostrError.self) { try NIP98.verify(header: "Bearer x", url: url, method: "GET", now: now) }
    }
}
