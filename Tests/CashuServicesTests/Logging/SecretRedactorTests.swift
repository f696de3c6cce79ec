// Tests of SecretRedactor: every pattern, its near misses, and the no-match fast path.

import CoreCashu
import Logging
import Testing

@testable import CashuServices

@Suite("SecretRedactor")
struct SecretRedactorTests {
    let redactor = SecretRedactor()

    static let hex64 = String(repeating: "a1b2c3d4", count: 8)
    static let base64Payload = "eyJ0b2tlbiI6W3sibWludCI6Imh0dHA6Ly9sb2NhbGhvc3Q6MzMzOCIsInByb29mcyI6W119XX0"

    // MARK: - Tokens, requests, auth

    @Test(
        "Tokens, payment requests and auth tokens are removed, the text around them kept",
        arguments: [
            ("cashuA" + base64Payload, "<redacted token>"),
            ("cashuBo2FteBVodHRwOi8vbG9jYWxob3N0OjMzMzhhdWNzYXRhdIGiYWlIAJofKTJT5B5hcIGkYWEC", "<redacted token>"),
            ("cashuBo2Fte_-BVodHRwOi8vbG9jYWxob3N0OjMzMzhhdWNz==", "<redacted token>"),
            ("creqApWF0gaNhdGVub3N0cmFheKlucHJvZmlsZTFxeTI4d3VtbjhnaGo3dW45ZDNzaGp0", "<redacted payment request>"),
            ("creqb1qvqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqszqgpqyqs", "<redacted payment request>"),
            ("CREQB1QVQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQSZQGPQYQS", "<redacted payment request>"),
            ("authAeyJpZCI6IjAwYWQyNjhjNGQxZjU4MjYiLCJzZWNyZXQiOiI0MDc5MTViYzIxMmJlNjFh", "<redacted auth>"),
            ("eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ3YWxsZXQifQ.c2lnbmF0dXJlLWJ5dGVz", "<redacted auth>"),
        ]
    )
    func prefixed(secret: String, placeholder: String) {
        let text = "got \(secret) from peer"
        #expect(redactor.redact(text) == "got \(placeholder) from peer")
        #expect(redactor.redact("cashu:\(secret)") == "cashu:\(placeholder)")
    }

    @Test("A Bearer credential is removed and the scheme kept")
    func bearer() {
        #expect(redactor.redact("Authorization: Bearer abc.DEF-ghi_123~+/=") == "Authorization: Bearer <redacted auth>")
        #expect(redactor.redact("bearer   0123456789") == "bearer   <redacted auth>")
    }

    @Test(
        "Near misses of the prefixes are kept",
        arguments: [
            "format cashuB is the default", "cashuBtoken", "cashuA", "creqA", "authA header missing",
            "the bearer of bad news", "Bearer short", "crawB tokens are binary", "eyJhbGci", "heyJude",
        ]
    )
    func prefixNearMisses(text: String) {
        #expect(redactor.redact(text) == text)
    }

    @Test("A raw crawB token (binary) is removed to the end of its line")
    func rawToken() {
        let binary = "crawB" + String(decoding: [0xA3, 0x61, 0x6D, 0x78, 0x20, 0x41], as: UTF8.self) + "tail"
        #expect(redactor.redact("token: \(binary)\nnext line") == "token: <redacted token>\nnext line")
    }

    @Test("NUT-16 animated QR frames (a token in Bytewords) are removed, either case")
    func animatedFrames() {
        let frame = "ur:bytes/12-9/lpbnascfadaxcywenbpljkhdcarllaluzmdmgstospeyiefmwejlwtpedamktksrvlcygmzemovovl"
        #expect(redactor.redact("scanned \(frame) ok") == "scanned <redacted token> ok")
        #expect(redactor.redact("frame: \(frame.uppercased())") == "frame: <redacted token>")
        #expect(redactor.redact("see ur:bytes/ for details") == "see ur:bytes/ for details")
    }

    // MARK: - Hex

    @Test("64 or more hex digits are removed; 63 are kept")
    func hexRuns() {
        let hex64 = Self.hex64
        #expect(redactor.redact("secret=\(hex64)") == "secret=<redacted hex>")
        #expect(redactor.redact("\"secret\":\"\(hex64.uppercased())\"") == "\"secret\":\"<redacted hex>\"")
        #expect(redactor.redact("x \(hex64)f y") == "x <redacted hex> y")
        #expect(redactor.redact("seed \(hex64)\(hex64)") == "seed <redacted hex>")
        let hex63 = String(hex64.dropLast())
        #expect(redactor.redact("id \(hex63) end") == "id \(hex63) end")
        #expect(redactor.redact("keyset 009a1f293253e41e") == "keyset 009a1f293253e41e")
    }

    @Test("A compressed point shrinks to a fingerprint; a v2 keyset id is kept; other 66-digit runs are removed")
    func sixtySixDigits() {
        let body = Self.hex64
        #expect(redactor.redact("C=02\(body)") == "C=02a1b2c3d4…")
        #expect(redactor.redact("Y 03\(body).") == "Y 03a1b2c3d4….")
        #expect(redactor.redact("keyset 01\(body)") == "keyset 01\(body)")
        #expect(redactor.redact("x ab\(body)") == "x <redacted hex>")
        #expect(redactor.redact("x 04\(body)") == "x <redacted hex>")
    }

    // MARK: - Mnemonics

    @Test("A mnemonic is removed however its words are separated or cased")
    func mnemonics() {
        let words = Mnemonic(wordCount: .twelve).exposedWords
        let forms = [
            words.joined(separator: " "),
            words.joined(separator: ", "),
            words.joined(separator: "\n"),
            words.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n"),
            "[" + words.map { "\"\($0)\"" }.joined(separator: ",") + "]",
            words.joined(separator: " ").uppercased(),
            Mnemonic(wordCount: .twentyFour).exposedPhrase,
        ]
        for form in forms {
            let redacted = redactor.redact("mnemonic: \(form) (ok)")
            #expect(redacted.contains("<redacted mnemonic>"))
            for word in words where word.count > 3 {
                #expect(!redacted.lowercased().contains(" \(word)"), "a word survived in \(redacted)")
            }
        }
    }

    @Test("A partial phrase of 8 words is removed; 7 words and ordinary sentences are kept")
    func mnemonicNearMisses() {
        let words = Mnemonic(wordCount: .twelve).exposedWords
        #expect(redactor.redact(words.prefix(8).joined(separator: " ")) == "<redacted mnemonic>")
        let seven = words.prefix(7).joined(separator: " ")
        #expect(redactor.redact(seven) == seven)
        let sentences = [
            "the wallet added a new mint and minted 100 sat",
            "swap sent to the mint; waiting for its answer",
            "abandon ability able about above absent absorb, but the list ends",
            "zoo zone",
        ]
        for sentence in sentences {
            #expect(redactor.redact(sentence) == sentence)
        }
    }

    @Test("A stricter threshold can be chosen")
    func threshold() {
        let twelve = Mnemonic(wordCount: .twelve).exposedWords
        let strict = SecretRedactor(mnemonicMinimumWords: 12)
        let eleven = twelve.prefix(11).joined(separator: " ")
        #expect(strict.redact(eleven) == eleven)
        #expect(strict.redact(twelve.joined(separator: " ")) == "<redacted mnemonic>")
    }

    // MARK: - Mixed text

    @Test("Several secrets in one text, with non-ASCII text around them")
    func mixed() {
        let words = Mnemonic(wordCount: .twelve).exposedPhrase
        let text = "é \(Self.hex64) ü cashuA\(Self.base64Payload) — \(words) ✓"
        #expect(
            redactor.redact(text) == "é <redacted hex> ü <redacted token> — <redacted mnemonic> ✓"
        )
    }

    @Test("Text without secrets comes back unchanged (the same string)")
    func unchanged() {
        let texts = ["", "minted", "mint added: http://127.0.0.1:3338 (keyset 009a1f293253e41e, 64 sat)", "ünïcödé ✓"]
        for text in texts {
            #expect(redactor.redact(text) == text)
            #expect(!redactor.containsSecret(text))
        }
        #expect(redactor.containsSecret("k=\(Self.hex64)"))
    }

    // MARK: - Metadata values

    @Test("Metadata values are redacted at any depth; keys are kept")
    func metadata() {
        struct Convertible: CustomStringConvertible, Sendable {
            var description: String { "proof secret \(SecretRedactorTests.hex64)" }
        }
        let metadata: Logger.Metadata = [
            "plain": "fine",
            "token": "cashuA\(Self.base64Payload)",
            "list": ["ok", .string(Self.hex64)],
            "nested": ["inner": .stringConvertible(Convertible())],
        ]
        let redacted = redactor.redact(metadata)
        #expect(Set(redacted.keys) == Set(metadata.keys))
        #expect(redacted["plain"] == "fine")
        #expect(redacted["token"] == "<redacted token>")
        #expect(redacted["list"] == ["ok", "<redacted hex>"])
        #expect(redacted["nested"] == ["inner": "proof secret <redacted hex>"])
    }

    @Test("A secret spread over the elements of an array is found")
    func splitOverArray() {
        let words = Mnemonic(wordCount: .twelve).exposedWords
        #expect(redactor.redact(.array(words.map { .string($0) })) == "<redacted mnemonic>")
        #expect(redactor.redact(["Bearer", "abcdefgh12345678"]) == "Bearer <redacted auth>")
        let ordinary: Logger.MetadataValue = ["swap", "sent", "to", "the", "mint"]
        #expect(redactor.redact(ordinary) == ordinary)
        #expect(redactor.redact("\(words)").contains("<redacted mnemonic>"))
    }
}
