// Tests of NUT-16 animated QR frames read back: any order, repeats, lost frames made up by mixed ones, and hostile
// frames refused with typed errors.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
import CoreCashu

@Suite("URFrameDecoder")
struct URFrameDecoderTests {
    private func text(_ length: Int, seed: UInt64) -> String {
        var generator = SplitMix64(seed: seed)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_")
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    @Test("a short text is one frame; a long one needs several, read back in order")
    func roundTrip() throws {
        var short = URFrameEncoder(text: "cashuBshort")
        #expect(short.isSinglePart)
        var decoder = URFrameDecoder()
        #expect(try decoder.receive(short.nextFrame()))
        #expect(decoder.text == "cashuBshort")

        let long = text(3000, seed: 1)
        var encoder = URFrameEncoder(text: long)
        #expect(encoder.frameCount > 10)
        var reader = URFrameDecoder()
        var frames = 0
        while reader.text == nil && frames < 1000 {
            try reader.receive(encoder.nextFrame().uppercased())
            frames += 1
        }
        #expect(reader.text == long)
        #expect(frames == encoder.frameCount)
    }

    @Test("frames missed in the first pass are made up by the mixed ones after it", arguments: [2, 3, 5])
    func lostFrames(everyNth: Int) throws {
        let long = text(2500, seed: UInt64(everyNth))
        var encoder = URFrameEncoder(text: long)
        var reader = URFrameDecoder()
        var shown = 0
        while reader.text == nil && shown < 2000 {
            shown += 1
            let frame = encoder.nextFrame()
            if shown % everyNth == 0 { continue }  // the camera missed it
            try reader.receive(frame)
        }
        #expect(reader.text == long)
        #expect(reader.progress.known == reader.progress.total)
    }

    @Test("shuffled and repeated frames still rebuild the text")
    func shuffled() throws {
        let long = text(1800, seed: 9)
        var encoder = URFrameEncoder(text: long)
        var frames = (0..<(encoder.frameCount * 3)).map { _ in encoder.nextFrame() }
        var generator = SplitMix64(seed: 3)
        frames.shuffle(using: &generator)
        var reader = URFrameDecoder()
        for frame in frames + frames where reader.text == nil { try reader.receive(frame) }
        #expect(reader.text == long)
    }

    @Test("a frame of another code, a bad checksum, junk and a frame too long are typed errors")
    func hostile() throws {
        var first = URFrameEncoder(text: text(2000, seed: 4))
        var second = URFrameEncoder(text: text(2100, seed: 5))
        var reader = URFrameDecoder()
        try reader.receive(first.nextFrame())
        #expect(throws: EncodingFailure.self) { try reader.receive(second.nextFrame()) }
        let frame = first.nextFrame()
        let broken = String(frame.dropLast(2)) + (frame.hasSuffix("ae") ? "ad" : "ae")
        #expect(throws: EncodingFailure.self) { try reader.receive(broken) }
        for junk in ["ur:bytes/", "ur:bytes/1-2/", "ur:bytes/x-y/aeae", "ur:crypto-psbt/aeadaolazmjendeoti",
            "cashuBabc", "ur:bytes/1-0/aeadaolazmjendeoti", "ur:bytes/a/b/c"]
        {
            #expect(throws: EncodingFailure.self, "\(junk)") { try reader.receive(junk) }
        }
        #expect(throws: EncodingFailure.self) {
            try reader.receive("ur:bytes/" + String(repeating: "ae", count: URFrameDecoder.maximumFrameLength))
        }
        // A part claiming an absurd length is refused before anything is allocated for it.
        let absurd = FountainPart(
            sequenceNumber: 1, sequenceLength: 5000, messageLength: 5000 * 10, checksum: 1,
            data: [UInt8](repeating: 1, count: 10))
        #expect(throws: EncodingFailure.self) {
            try reader.receive("ur:bytes/1-5000/" + Bytewords.encode(absurd.cbor))
        }
    }

    @Test("random frames and mutated ones decode or throw a typed error, never crash")
    func fuzz() throws {
        var generator = SplitMix64(seed: 11)
        var encoder = URFrameEncoder(text: text(1200, seed: 12))
        let frames = (0..<40).map { _ in encoder.nextFrame() }
        for round in 0..<3000 {
            var bytes = Array(frames[round % frames.count].utf8)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0x21...0x7E, using: &generator)
            }
            var reader = URFrameDecoder()
            do { try reader.receive(String(decoding: bytes, as: UTF8.self)) } catch {}
        }
    }
}
