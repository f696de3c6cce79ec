// Vectors/bc-ur.json (the UR reference's own test values: CRC-32, Bytewords, xoshiro256**, fountain choices and
// ur:bytes frames, NUT-16) — one parameterised test over every case of the file.

import Foundation
import Testing

@testable import CashuEngine
import CoreCashu

@Suite("bc-ur vectors")
struct BCURVectorTests {
    static let file = VectorFile.load("bc-ur")

    /// The reference's `make_message`: `length` bytes drawn from xoshiro256** seeded with `seed`.
    static func message(_ value: JSONValue) -> [UInt8] {
        var rng = Xoshiro256(seed: Array((value["seed"].stringValue ?? "").utf8))
        return (0..<Int(value["length"].uint64Value ?? 0)).map { _ in UInt8(rng.nextInt(0, 255)) }
    }

    static func numbers(_ value: JSONValue) -> [Int] {
        (value.arrayValue ?? []).compactMap { $0.int64Value.map(Int.init) }
    }

    static func int(_ value: JSONValue) -> Int { Int(value.uint64Value ?? 0) }

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "crc32":
            let text = try c.string(c.input["text"], "text")
            let crc = Hex.encode(CRC32.bytes(CRC32.checksum(Array(text.utf8))))
            try c.expectEqual(crc, try c.string(c.expected["crc32"], "crc32"), "crc32")
        case "bytewords":
            let bytes = try Hex.decode(try c.string(c.input["hex"], "hex"))
            let minimal = try c.string(c.expected["minimal"], "minimal")
            try c.expectEqual(Bytewords.encode(bytes), minimal, "encoded")
            try c.expectEqual(try Bytewords.decode(minimal.uppercased()), bytes, "decoded")
        case "bytewords_invalid":
            let code = try c.string(c.expected["error"], "error")
            try c.expectError(EncodingFailure.self, "decoding", matching: { $0.code.rawValue == code }) {
                _ = try Bytewords.decode(try c.string(c.input["minimal"], "minimal"))
            }
        case "rng", "rng_int":
            var rng = Xoshiro256(seed: Array(try c.string(c.input["seed"], "seed").utf8))
            let count = int(c.input["count"])
            let drawn: [Int] =
                c.group == "rng"
                ? (0..<count).map { _ in Int(rng.next() % UInt64(int(c.input["modulo"]))) }
                : (0..<count).map { _ in rng.nextInt(int(c.input["low"]), int(c.input["high"])) }
            try c.expectEqual(drawn, numbers(c.expected["numbers"]), "numbers")
        case "fragment_length":
            let length = FountainFragments.nominalLength(
                messageLength: int(c.input["message_length"]), minimum: int(c.input["minimum"]),
                maximum: int(c.input["maximum"]))
            try c.expectEqual(length, int(c.expected["length"]), "length")
        case "choose_degree":
            let sampler = DegreeSampler(count: int(c.input["fragments"]))
            let prefix = try c.string(c.input["seed_prefix"], "seed_prefix")
            let degrees = (1...int(c.input["count"])).map { nonce in
                var rng = Xoshiro256(seed: Array("\(prefix)\(nonce)".utf8))
                return sampler.next(&rng) + 1
            }
            try c.expectEqual(degrees, numbers(c.expected["degrees"]), "degrees")
        case "choose_fragments":
            let message = message(c.input["message"])
            let length = FountainFragments.nominalLength(
                messageLength: message.count, minimum: int(c.input["minimum"]), maximum: int(c.input["maximum"]))
            let count = (message.count + length - 1) / length
            let checksum = CRC32.checksum(message)
            let chosen = (1...int(c.input["parts"])).map { number in
                FountainFragments.choose(seqNum: UInt32(number), seqLen: count, checksum: checksum).sorted()
            }
            try c.expectEqual(chosen, (c.expected["indexes"].arrayValue ?? []).map(numbers), "indexes")
        case "fountain_cbor":
            var encoder = FountainEncoder(
                message: message(c.input["message"]), maximumFragmentLength: int(c.input["maximum"]))
            let parts = (0..<int(c.input["parts"])).map { _ in Hex.encode(encoder.nextPart().cbor) }
            try c.expectEqual(parts, (c.expected["cbor"].arrayValue ?? []).compactMap(\.stringValue), "parts")
        case "ur_frames":
            var encoder = URFrameEncoder(
                payload: message(c.input["message"]), maximumFragmentLength: int(c.input["maximum"]))
            let expected = (c.expected["frames"].arrayValue ?? []).compactMap(\.stringValue)
            let frames = (0..<int(c.input["frames"])).map { _ in encoder.nextFrame() }
            try c.expectEqual(frames, expected, "frames")
        case "ur_single":
            var encoder = URFrameEncoder(payload: message(c.input["message"]), maximumFragmentLength: 1000)
            try c.expectEqual(encoder.nextFrame(), try c.string(c.expected["frame"], "frame"), "frame")
        default:
            throw c.fail("unknown group \(c.group)")
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
