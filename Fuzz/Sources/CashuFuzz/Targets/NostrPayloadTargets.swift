// NIP-44 and NIP-04 encrypted payloads, NIP-47 wallet-connect messages, and NIP-19 keys and profiles.

import Foundation

@testable import CashuEngine
@testable import CashuNostr

/// Fixed keys, so that every input is read the same way.
enum NostrFuzzKeys {
    static let alice = keys(0x11)
    static let bob = keys(0x22)
    static let conversation = mustSucceed("a conversation key") {
        try NIP44.conversationKey(privateKey: alice.privateKey, publicKey: bob.publicKey)
    }

    private static func keys(_ byte: UInt8) -> NostrKeyPair {
        let scalar = mustSucceed("a fixed key") { try Scalar(rawRepresentation: [UInt8](repeating: byte, count: 32)) }
        return NostrKeyPair(privateKey: scalar)
    }
}

extension FuzzTarget {
    /// First byte 0: a NIP-44 payload to decrypt; 1: padded plaintext to unpad; 2: standard base64; 3: text that
    /// must survive NIP-44 encryption and decryption; 4: a NIP-04 payload.
    static let nip44 = FuzzTarget(name: "nip44") { input in
        guard let (choice, rest) = input.select(5) else { return }
        switch choice {
        case 0:
            _ = try? NIP44.decrypt(rest.text, conversationKey: NostrFuzzKeys.conversation)
            _ = try? NIP44Payload(decoding: rest.text, maximumLength: NIP44.maximumPayloadLength)
        case 1:
            guard let plaintext = try? NIP44Padding.unpad(rest.bytes) else { return }
            let padded = mustSucceed("padding an unpadded plaintext") { try NIP44Padding.pad(Array(plaintext)) }
            invariant(padded.count == rest.bytes.count, "NIP-44 padding is not canonical")
        case 2:
            let encoded = NostrBase64.encode(rest.bytes)
            invariant(NostrBase64.decode(encoded) == rest.bytes, "base64 encode → decode changed the bytes")
            if let decoded = NostrBase64.decode(rest.text) {
                invariant(NostrBase64.encode(decoded) == rest.text, "strict base64 has two spellings")
            }
        case 3:
            let text = rest.text
            guard !text.isEmpty else { return }
            let payload = mustSucceed("NIP-44 encryption") {
                let nonce = [UInt8](repeating: 7, count: 32)
                return try NIP44.encrypt(text, conversationKey: NostrFuzzKeys.conversation, nonce: nonce)
            }
            let opened = mustSucceed("NIP-44 decryption of our payload") {
                try NIP44.decrypt(payload, by: NostrFuzzKeys.bob, from: NostrFuzzKeys.alice.publicKey)
            }
            invariant(opened == text, "NIP-44 did not give the plaintext back")
        default:
            _ = try? NIP04.decrypt(rest.text, by: NostrFuzzKeys.bob, from: NostrFuzzKeys.alice.publicKey)
        }
    }

    /// First byte picks a NIP-47 message: a request, a response, a notification or a connection URI.
    static let nip47 = FuzzTarget(name: "nip47") { input in
        guard let (choice, rest) = input.select(4) else { return }
        let text = rest.text
        switch choice {
        case 0:
            _ = NWCRequest.methodName(in: text)
            guard let request = try? NWCRequest(jsonText: text) else { return }
            let again = mustSucceed("parsing a request we wrote") { try NWCRequest(jsonText: request.jsonText) }
            invariant(again == request, "NWC request changed across JSON encode → decode")
        case 1:
            guard let response = try? NWCResponse(jsonText: text) else { return }
            let again = mustSucceed("parsing a response we wrote") { try NWCResponse(jsonText: response.jsonText) }
            invariant(again == response, "NWC response changed across JSON encode → decode")
        case 2:
            guard let notification = try? NWCNotification(jsonText: text) else { return }
            let again = mustSucceed("parsing a notification we wrote") {
                try NWCNotification(jsonText: notification.jsonText)
            }
            invariant(again == notification, "NWC notification changed across JSON encode → decode")
        default:
            guard let uri = try? NWCConnectionURI(text) else { return }
            let again = mustSucceed("parsing a connection URI we wrote") { try NWCConnectionURI(uri.uriString) }
            invariant(again == uri, "NWC connection URI changed across encode → decode")
        }
    }

    /// First byte 0: an `npub`/`nprofile`; 1: an `nsec`; 2: an nprofile's TLV records, bech32-encoded for the
    /// decoder. What decodes must encode back to a string that decodes to the same profile.
    static let nip19 = FuzzTarget(name: "nip19") { input in
        guard let (choice, rest) = input.select(3) else { return }
        switch choice {
        case 0, 2:
            let text =
                choice == 0
                ? rest.text : ((try? Bech32.encode(hrp: "nprofile", bytes: rest.bytes, variant: .bech32)) ?? "")
            guard let profile = try? NostrProfile(nip19: text) else { return }
            guard let encoded = try? profile.nip19() else { return }
            let again = mustSucceed("parsing a NIP-19 string we wrote") { try NostrProfile(nip19: encoded) }
            invariant(again == profile, "NIP-19 profile changed across encode → decode")
            _ = try? NostrPublicKey(profile: profile)
        default:
            guard let keys = try? NostrKeyPair(nsec: rest.text) else { return }
            let again = mustSucceed("parsing an nsec we wrote") { try NostrKeyPair(nsec: keys.exposedSecretNsec) }
            invariant(again.publicKey == keys.publicKey, "nsec changed across encode → decode")
        }
    }
}
