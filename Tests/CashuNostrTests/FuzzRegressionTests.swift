// Fuzzing regressions — every input a fuzz target (Fuzz/) once crashed on, under Vectors/fuzz-regressions/<target>/,
// fed to the same decoder. Here rather than in CoreCashuTests because this target sees every module the fuzz
// targets reach: CashuEngine's decoders and CashuNostr's.

import CashuEngine
import Foundation
import Testing

@testable import CashuNostr

@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    @Test("a once-crashing input is decoded or refused with a typed error", arguments: FuzzRegression.all())
    func decodesOrRefuses(_ regression: FuzzRegression) {
        do {
            try FuzzRegression.decode(regression.bytes, as: regression.target)
        } catch {
            #expect(FuzzRegression.isTyped(error), "\(regression): untyped error \(type(of: error))")
        }
    }
}

/// One input under `Vectors/fuzz-regressions/<target>/<name>`.
struct FuzzRegression: CustomTestStringConvertible, CustomStringConvertible, Sendable {
    let target: String
    let name: String
    let bytes: [UInt8]

    var description: String { "\(target)/\(name)" }
    var testDescription: String { description }

    static let directory = NostrVectorFile.directory.appendingPathComponent("fuzz-regressions")

    /// Every regression input, in name order (a folder that names no fuzz target fails its inputs).
    static func all() -> [FuzzRegression] {
        let files = FileManager.default
        let targets = ((try? files.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        return targets.flatMap { target in
            let folder = directory.appendingPathComponent(target)
            let names = ((try? files.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            return names.map { name in
                FuzzRegression(
                    target: target, name: name,
                    bytes: Array(try! Data(contentsOf: folder.appendingPathComponent(name))))
            }
        }
    }

    /// The error types the decoders promise (Codable types answer with `DecodingError`).
    static func isTyped(_ error: any Error) -> Bool {
        error is EncodingFailure || error is CryptoError || error is SpendingConditionError || error is KeysetError
            || error is LNURLError || error is PaymentInstructionError || error is AuthError || error is NostrError
            || error is DecodingError
    }

    /// Feeds `bytes` to the decoder the fuzz target `target` feeds, choosing by the first byte where the target does
    /// (Fuzz/Sources/CashuFuzz/Targets/; the counts here must match theirs). Decoding only, but for the round trips a
    /// regression once broke, which are checked here too.
    static func decode(_ bytes: [UInt8], as target: String) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        let choice = Int(bytes.first ?? 0)
        let rest = Array(bytes.dropFirst())
        let restText = String(decoding: rest, as: UTF8.self)
        switch target {
        case "token": try reencode(try Token.decode(text))
        case "token-v3": try reencode(try Token.decode("cashuA" + Base64URL.encode(bytes)))
        case "token-v4": try reencode(try Token.decode("cashuB" + Base64URL.encode(bytes)))
        case "token-binary": try reencode(try Token.decode(binary: bytes))
        case "cbor": _ = try CBORDecoder.decode(bytes)
        case "base64url": _ = try Base64URL.decode(text)
        case "bech32": _ = try Bech32.decode(text)
        case "payment-request": _ = try PaymentRequest(encoded: text)
        case "creq-a": _ = try PaymentRequest(encoded: "creqA" + Base64URL.encode(bytes, padded: true))
        case "creq-b":
            _ = try PaymentRequest(encoded: try Bech32.encode(hrp: "creqb", bytes: bytes, variant: .bech32m))
        case "payment-payload":
            if choice % 2 == 0 {
                _ = try json(PaymentRequestPayload.self, rest)
            } else {
                _ = try json(PaymentRequest.self, rest)
            }
        case "bolt11": _ = try Bolt11Invoice(choice % 2 == 0 ? restText : try bolt11Text(rest))
        case "mint-response": try mintResponse(choice % 12, rest)
        case "nut17": try nut17(choice % 7, rest)
        case "secret": try secret(choice % 4, restText)
        case "lnurl": try lnurl(choice % 3, rest)
        case "address": try address(choice % 4, restText)
        case "dns":
            guard bytes.count >= 2 else { return }
            let id = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
            let answer = try DNSMessage.answer(Array(bytes.dropFirst(2)), id: id)
            _ = try PaymentInstructions.read(answer, requireValidation: false)
        case "auth": try auth(choice % 7, rest)
        case "ur": try ur(choice % 3, rest)
        case "nostr-event": try nostrEvent(choice % 3, rest)
        case "nostr-relay": _ = try NostrRelayMessage(parsing: text)
        case "nip44": try nip44(choice % 5, rest)
        case "nip47": try nip47(choice % 4, restText)
        case "nip19": try nip19(choice % 3, rest)
        default: throw FuzzRegressionError(description: "no fuzz target is named \(target)")
        }
    }

    /// A token that encodes as V4 decodes from it (a V3 token with an empty unit once gave a V4 token that did not).
    private static func reencode(_ token: Token) throws {
        guard let v4 = try? token.serialized(as: .v4) else { return }
        guard (try? Token.decode(v4)) != nil else {
            throw FuzzRegressionError(description: "a V4 token we encoded does not decode")
        }
    }

    private static func json<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(bytes))
    }

    private static func bolt11Text(_ bytes: [UInt8]) throws -> String {
        let split = bytes.firstIndex(of: 0) ?? bytes.endIndex
        let hrp = "ln" + String(decoding: bytes[..<split], as: UTF8.self)
        return try Bech32.encode(hrp: hrp, data: bytes[split...].dropFirst().map { $0 & 31 }, variant: .bech32)
    }

    private static func mintResponse(_ choice: Int, _ body: [UInt8]) throws {
        switch choice {
        case 0: _ = try json(KeysResponse.self, body)
        case 1: _ = try json(KeysetsResponse.self, body)
        case 2: _ = try json(MintInfo.self, body)
        case 3: _ = try json(MintQuoteBolt11Response.self, body)
        case 4: _ = try json(MintQuoteBolt12Response.self, body)
        case 5: _ = try json(MeltQuoteResponse.self, body)
        case 6: _ = try json(SwapResponse.self, body)
        case 7: _ = try json(MintResponse.self, body)
        case 8: _ = try json(CheckStateResponse.self, body)
        case 9: _ = try json(RestoreResponse.self, body)
        case 10: _ = try json([MintQuoteBolt11Response].self, body)
        default: _ = MintErrorBody.parse(body, status: 400)
        }
    }

    private static func nut17(_ choice: Int, _ message: [UInt8]) throws {
        let kinds: [SubscriptionKind] = [
            .bolt11MintQuote, .bolt12MintQuote, .bolt11MeltQuote, .bolt12MeltQuote, .proofState, .unknown("x"),
        ]
        guard choice < kinds.count else {
            _ = try json(WsResponse.self, message)
            return
        }
        _ = try? NotificationPayload.subscriptionID(in: Data(message))
        _ = try NotificationPayload.decode(Data(message), kind: kinds[choice])
    }

    private static func secret(_ choice: Int, _ text: String) throws {
        switch choice {
        case 0: _ = try WellKnownSecret.parse(text)
        case 1: _ = try SpendingConditions.parse(secret: text)
        case 2: _ = try P2PKWitness(parsing: text)
        default: _ = try HTLCWitness(parsing: text)
        }
    }

    private static func lnurl(_ choice: Int, _ bytes: [UInt8]) throws {
        switch choice {
        case 0:
            _ = try LNURLPayParameters(json: bytes, origin: URL(string: "https://pay.example.com/.well-known/lnurlp/a"))
        case 1:
            let parameters = try LNURLPayParameters(
                json: Array(
                    (#"{"tag":"payRequest","callback":"https://pay.example.com/cb","minSendable":1000,"#
                        + #""maxSendable":100000000,"metadata":"[[\"text/plain\",\"fuzz\"]]"}"#).utf8),
                origin: URL(string: "https://pay.example.com/.well-known/lnurlp/alice"))
            _ = try parameters.invoice(fromCallback: bytes, millisatoshis: 1000)
        default: _ = try LNURLPayTarget(String(decoding: bytes, as: UTF8.self))
        }
    }

    private static func address(_ choice: Int, _ text: String) throws {
        switch choice {
        case 0:
            let url = try MintURL(text)
            guard (try? MintURL(url.rawValue)) != nil else {
                throw FuzzRegressionError(description: "a normalised mint URL does not parse back")
            }
        case 1: _ = try NostrRelayURL(text)
        case 2:
            let parsed = try BIP353Address(text)
            guard (try? BIP353Address(parsed.description)) == parsed else {
                throw FuzzRegressionError(description: "a BIP-353 address does not parse back from its description")
            }
        default: _ = try BitcoinPaymentURI(text)
        }
    }

    private static func auth(_ choice: Int, _ bytes: [UInt8]) throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        switch choice {
        case 0: _ = JWTClaims(String(decoding: bytes, as: UTF8.self))
        case 1: _ = JWTClaims("eyJhbGciOiJub25lIn0." + Base64URL.encode(bytes) + ".c2ln")
        case 2: _ = TokenResponse.read(bytes, now: now)
        case 3: _ = try OpenIDConfiguration(json: bytes)
        case 4: _ = try DeviceAuthorization(json: bytes, now: now)
        case 5: _ = try json(ClearAuthTokens.self, bytes)
        default: _ = try AuthProof(headerValue: AuthProof.headerPrefix + Base64URL.encode(bytes))
        }
    }

    private static func ur(_ choice: Int, _ bytes: [UInt8]) throws {
        var decoder = URFrameDecoder()
        switch choice {
        case 0:
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(256) {
                _ = try? decoder.receive(line)
            }
        case 1:
            // Fountain parts without Bytewords reach internals this test target cannot see; they decode as frames.
            _ = try? decoder.receive(String(decoding: bytes, as: UTF8.self))
        default:
            var encoder = URFrameEncoder(text: String(decoding: bytes, as: UTF8.self))
            for _ in 0..<(encoder.frameCount * 4 + 16) {
                if try decoder.receive(encoder.nextFrame()) { break }
            }
        }
    }

    private static func nostrEvent(_ choice: Int, _ bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        switch choice {
        case 0:
            let event = try NIP59JSON.decodeEvent(text)
            _ = event.isValid
            guard (try? NIP59JSON.decodeEvent(NIP59JSON.encode(event))) == event else {
                throw FuzzRegressionError(description: "an event we wrote as JSON does not read back")
            }
        case 1: _ = try NIP59JSON.decodeRumor(text)
        default: _ = try json(MintListBackup.self, bytes)
        }
    }

    private static func nip44(_ choice: Int, _ bytes: [UInt8]) throws {
        let text = String(decoding: bytes, as: UTF8.self)
        let alice = NostrKeyPair(privateKey: try Scalar(rawRepresentation: [UInt8](repeating: 0x11, count: 32)))
        let bob = NostrKeyPair(privateKey: try Scalar(rawRepresentation: [UInt8](repeating: 0x22, count: 32)))
        switch choice {
        case 0: _ = try NIP44.decrypt(text, by: bob, from: alice.publicKey)
        case 1: _ = try NIP44Padding.unpad(bytes)
        case 2: _ = NostrBase64.decode(text)
        case 3:
            guard !text.isEmpty else { return }
            let payload = try NIP44.encrypt(text, from: alice, to: bob.publicKey)
            _ = try NIP44.decrypt(payload, by: bob, from: alice.publicKey)
        default: _ = try NIP04.decrypt(text, by: bob, from: alice.publicKey)
        }
    }

    private static func nip47(_ choice: Int, _ text: String) throws {
        switch choice {
        case 0: _ = try NWCRequest(jsonText: text)
        case 1: _ = try NWCResponse(jsonText: text)
        case 2: _ = try NWCNotification(jsonText: text)
        default: _ = try NWCConnectionURI(text)
        }
    }

    private static func nip19(_ choice: Int, _ bytes: [UInt8]) throws {
        switch choice {
        case 0: _ = try NostrProfile(nip19: String(decoding: bytes, as: UTF8.self))
        case 1: _ = try NostrKeyPair(nsec: String(decoding: bytes, as: UTF8.self))
        default: _ = try NostrProfile(nip19: try Bech32.encode(hrp: "nprofile", bytes: bytes, variant: .bech32))
        }
    }
}

/// A broken round trip, or a regression folder that names no fuzz target: never a typed error, so the test fails.
struct FuzzRegressionError: Error, CustomStringConvertible {
    let description: String
}
