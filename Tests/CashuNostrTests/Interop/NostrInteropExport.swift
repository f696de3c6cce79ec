// Interop — the reverse direction: writes what our code makes for `scripts/nostr-interop check` (nostr-sdk) to open.

import CashuEngine
import Foundation
import Testing

@testable import CashuNostr

/// Runs only with `NOSTR_INTEROP_EXPORT=<path>`: the suite itself never needs Python.
@Suite("Interop export for nostr-sdk")
struct NostrInteropExport {
    static let path = ProcessInfo.processInfo.environment["NOSTR_INTEROP_EXPORT"]

    @Test("write events, payloads and gift wraps made here", .enabled(if: path != nil))
    func export() throws {
        let fixture = NostrInteropFixture.file
        let alice = fixture.alice
        let bob = fixture.bob
        let text = fixture.plaintext
        let events = try [
            NostrEventDraft(by: alice, kind: 1, tags: [["t", text], ["p", bob.publicKey.hex, ""]], content: text),
            NostrEventDraft(by: alice, kind: 30078, tags: [["d", "x"]], content: ""),
        ].map { try $0.signed(by: alice) }
        let wraps = try NIP17.directMessage(content: text, from: alice, to: bob.publicKey)
        let longLength = 70_000
        // Our own JSON writer, not Foundation's, so that nostr-sdk parses the escaping we put on the wire.
        let fields = try [
            ("alice_private_key", quoted(fixture.alicePrivateKey)),
            ("bob_private_key", quoted(fixture.bobPrivateKey)),
            ("plaintext", quoted(text)),
            ("events", "[" + events.map { NIP59JSON.encode($0) }.joined(separator: ",") + "]"),
            ("nip44_alice_to_bob", quoted(NIP44.encrypt(text, from: alice, to: bob.publicKey))),
            ("nip04_alice_to_bob", quoted(NIP04.encrypt(text, from: alice, to: bob.publicKey))),
            ("nip17_to_bob", NIP59JSON.encode(wraps[0])),
            ("nip17_alice_copy", NIP59JSON.encode(wraps[1])),
            ("nip44_long_plaintext_length", String(longLength)),
            (
                "nip44_long_alice_to_bob",
                quoted(NIP44.encrypt(String(repeating: "a", count: longLength), from: alice, to: bob.publicKey))
            ),
        ]
        let json = "{" + fields.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}\n"
        try Data(json.utf8).write(to: URL(fileURLWithPath: try #require(Self.path)))
    }

    private func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        NostrEventDraft.appendJSONString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
