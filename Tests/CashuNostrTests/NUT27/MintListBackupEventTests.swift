// NUT-27 — the backup event: its shape, that only the phrase's key opens it, and which of several is restored.

import CashuEngine
import Foundation
import Testing

@testable import CashuNostr

@Suite("NUT-27 backup events")
struct MintListBackupEventTests {
    static let mnemonic = "half depart obvious quality work element tank gorilla view sugar picture humble"

    static func key(_ phrase: String = mnemonic) throws -> MintBackupKey {
        try MintBackupKey(mnemonic: try Mnemonic(phrase: phrase))
    }

    @Test("kind 30078, d=mint-list, by the backup key (the spec vector's), content NIP-44 to itself")
    func shape() throws {
        let key = try Self.key()
        let backup = MintListBackup(mints: ["https://a.example", "https://b.example"], timestamp: 1_703_721_600)
        let event = try MintListBackupEvent.make(backup, key: key)
        try event.verify()
        #expect(event.kind == 30078)
        #expect(event.firstTagValue("d") == "mint-list")
        #expect(event.pubkey.hex == "0767277aaed200af7a8843491745272fc1ad2c7bfe340225e6f34f3a9a273aed")
        #expect(event.createdAt == 1_703_721_600)
        #expect(!event.content.contains("example"))
        let keys = MintListBackupEvent.keys(key)
        let plaintext = try NIP44.decrypt(event.content, by: keys, from: keys.publicKey)
        #expect(plaintext == #"{"mints":["https://a.example","https://b.example"],"timestamp":1703721600}"#)
        #expect(MintListBackupEvent.newest(in: [event], key: key) == backup)
        let filter = MintListBackupEvent.filter(key)
        #expect(filter.matches(event))
    }

    @Test("the newest valid backup wins; another key's, a forged or an undecryptable event is skipped")
    func newest() throws {
        let key = try Self.key()
        let old = try MintListBackupEvent.make(MintListBackup(mints: ["https://old"], timestamp: 100), key: key)
        let new = try MintListBackupEvent.make(MintListBackup(mints: ["https://new"], timestamp: 200), key: key)
        let stranger = try MintListBackupEvent.make(
            MintListBackup(mints: ["https://evil"], timestamp: 900),
            key: try Self.key("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon "
                + "abandon about"))
        let forged = NostrEvent(
            id: new.id, pubkey: new.pubkey, createdAt: 999, kind: new.kind, tags: new.tags, content: new.content,
            sig: new.sig)
        let garbage = try NostrEventDraft(
            pubkey: new.pubkey, createdAt: 1000, kind: 30078, tags: [["d", "mint-list"]], content: "not nip44"
        ).signed(by: MintListBackupEvent.keys(key))
        let chosen = MintListBackupEvent.newest(in: [old, stranger, forged, garbage, new], key: key)
        #expect(chosen?.mints == ["https://new"])
        #expect(MintListBackupEvent.newest(in: [stranger, garbage], key: key) == nil)
    }
}
