// NIP-44 — the cases of Vectors/nip44.vectors.json (paulmillr/nip44 @ 671a1f04, sha256 269ed0f6…), one enum.

import Foundation
import Testing

/// One case of the NIP-44 vector file, from any of its `valid` or `invalid` groups.
enum NIP44Vector: Sendable, CustomTestStringConvertible {
    case conversationKey(index: Int, sec1: String, pub2: String, conversationKey: String)
    case messageKeys(index: Int, conversationKey: String, keys: File.MessageKeys)
    case paddedLength(unpadded: Int, padded: Int)
    case encryptDecrypt(index: Int, File.EncryptDecrypt)
    case longMessage(index: Int, File.LongMessage)
    case invalidMessageLength(Int)
    case invalidConversationKey(index: Int, sec1: String, pub2: String, note: String)
    case invalidDecrypt(index: Int, conversationKey: String, payload: String, note: String)

    var testDescription: String {
        switch self {
        case .conversationKey(let index, _, _, _): "valid.get_conversation_key[\(index)]"
        case .messageKeys(let index, _, _): "valid.get_message_keys[\(index)]"
        case .paddedLength(let unpadded, _): "valid.calc_padded_len(\(unpadded))"
        case .encryptDecrypt(let index, _): "valid.encrypt_decrypt[\(index)]"
        case .longMessage(let index, _): "valid.encrypt_decrypt_long_msg[\(index)]"
        case .invalidMessageLength(let length): "invalid.encrypt_msg_lengths(\(length))"
        case .invalidConversationKey(let index, _, _, let note): "invalid.get_conversation_key[\(index)] \(note)"
        case .invalidDecrypt(let index, _, _, let note): "invalid.decrypt[\(index)] \(note)"
        }
    }

    /// Every case of the file, in file order.
    static let all: [NIP44Vector] = {
        let file = NostrVectorFile.load("nip44.vectors.json", as: File.self).v2
        var cases: [NIP44Vector] = []
        for (index, c) in file.valid.getConversationKey.enumerated() {
            cases.append(.conversationKey(index: index, sec1: c.sec1, pub2: c.pub2, conversationKey: c.conversationKey))
        }
        let messageKeys = file.valid.getMessageKeys
        for (index, keys) in messageKeys.keys.enumerated() {
            cases.append(.messageKeys(index: index, conversationKey: messageKeys.conversationKey, keys: keys))
        }
        cases += file.valid.calcPaddedLen.map { .paddedLength(unpadded: $0[0], padded: $0[1]) }
        cases += file.valid.encryptDecrypt.enumerated().map { .encryptDecrypt(index: $0, $1) }
        cases += file.valid.encryptDecryptLongMsg.enumerated().map { .longMessage(index: $0, $1) }
        cases += file.invalid.encryptMsgLengths.map { .invalidMessageLength($0) }
        for (index, c) in file.invalid.getConversationKey.enumerated() {
            cases.append(.invalidConversationKey(index: index, sec1: c.sec1, pub2: c.pub2, note: c.note))
        }
        for (index, c) in file.invalid.decrypt.enumerated() {
            cases.append(
                .invalidDecrypt(index: index, conversationKey: c.conversationKey, payload: c.payload, note: c.note))
        }
        return cases
    }()

    /// The file's layout.
    struct File: Decodable {
        let v2: Version2

        struct Version2: Decodable {
            let valid: Valid
            let invalid: Invalid
        }

        struct Valid: Decodable {
            let getConversationKey: [ConversationKey]
            let getMessageKeys: MessageKeyGroup
            let calcPaddedLen: [[Int]]
            let encryptDecrypt: [EncryptDecrypt]
            let encryptDecryptLongMsg: [LongMessage]

            enum CodingKeys: String, CodingKey {
                case getConversationKey = "get_conversation_key"
                case getMessageKeys = "get_message_keys"
                case calcPaddedLen = "calc_padded_len"
                case encryptDecrypt = "encrypt_decrypt"
                case encryptDecryptLongMsg = "encrypt_decrypt_long_msg"
            }
        }

        struct Invalid: Decodable {
            let encryptMsgLengths: [Int]
            let getConversationKey: [InvalidConversationKey]
            let decrypt: [InvalidDecrypt]

            enum CodingKeys: String, CodingKey {
                case encryptMsgLengths = "encrypt_msg_lengths"
                case getConversationKey = "get_conversation_key"
                case decrypt
            }
        }

        struct ConversationKey: Decodable {
            let sec1: String
            let pub2: String
            let conversationKey: String

            enum CodingKeys: String, CodingKey {
                case sec1, pub2
                case conversationKey = "conversation_key"
            }
        }

        struct MessageKeyGroup: Decodable {
            let conversationKey: String
            let keys: [MessageKeys]

            enum CodingKeys: String, CodingKey {
                case keys
                case conversationKey = "conversation_key"
            }
        }

        struct MessageKeys: Decodable, Sendable {
            let nonce: String
            let chachaKey: String
            let chachaNonce: String
            let hmacKey: String

            enum CodingKeys: String, CodingKey {
                case nonce
                case chachaKey = "chacha_key"
                case chachaNonce = "chacha_nonce"
                case hmacKey = "hmac_key"
            }
        }

        struct EncryptDecrypt: Decodable, Sendable {
            let sec1: String
            let sec2: String
            let conversationKey: String
            let nonce: String
            let plaintext: String
            let payload: String

            enum CodingKeys: String, CodingKey {
                case sec1, sec2, nonce, plaintext, payload
                case conversationKey = "conversation_key"
            }
        }

        struct LongMessage: Decodable, Sendable {
            let conversationKey: String
            let nonce: String
            let pattern: String
            let `repeat`: Int
            let plaintextSHA256: String
            let payloadSHA256: String

            enum CodingKeys: String, CodingKey {
                case nonce, pattern, `repeat`
                case conversationKey = "conversation_key"
                case plaintextSHA256 = "plaintext_sha256"
                case payloadSHA256 = "payload_sha256"
            }
        }

        struct InvalidConversationKey: Decodable {
            let sec1: String
            let pub2: String
            let note: String
        }

        struct InvalidDecrypt: Decodable {
            let conversationKey: String
            let payload: String
            let note: String

            enum CodingKeys: String, CodingKey {
                case payload, note
                case conversationKey = "conversation_key"
            }
        }
    }
}
