// NUT-16 animated QR codes: UR frames (Bytewords, CRC-32, fountain parts) until the text they carry is whole.

@testable import CashuEngine

extension FuzzTarget {
    /// First byte 0: the rest is frames, one per line. 1: the rest is fountain parts' CBOR, each prefixed by a
    /// length byte, fed to the fountain decoder without the Bytewords layer. 2: the rest is text that must come back
    /// whole from the frames the encoder makes for it.
    static let ur = FuzzTarget(name: "ur") { input in
        guard let (choice, rest) = input.select(3) else { return }
        switch choice {
        case 0:
            var decoder = URFrameDecoder()
            for line in rest.text.split(separator: "\n").prefix(256) {
                _ = URFrameDecoder.isFrame(line)
                guard (try? decoder.receive(line)) != nil else { continue }
                let progress = decoder.progress
                invariant(progress.known <= progress.total || progress.total == 0, "more fragments known than exist")
            }
        case 1:
            var fountain = FountainDecoder()
            var bytes = rest.bytes[...]
            while let length = bytes.first {
                let part = bytes.dropFirst().prefix(Int(length))
                bytes = bytes.dropFirst(1 + Int(length))
                guard let parsed = try? FountainPart(cbor: Array(part)) else { continue }
                _ = try? fountain.receive(parsed)
                if let message = fountain.message {
                    invariant(message.count == parsed.messageLength, "a rebuilt message has the wrong length")
                }
            }
        default:
            let text = rest.text
            var encoder = URFrameEncoder(text: text, maximumFragmentLength: 10 + Int(rest.bytes.first ?? 0) % 64)
            var decoder = URFrameDecoder()
            // Fountain coding finishes with high probability within a few passes; give it a generous bound.
            for _ in 0..<(encoder.frameCount * 4 + 16) {
                let frame = encoder.nextFrame()
                if mustSucceed("reading a frame we made", { try decoder.receive(frame) }) { break }
            }
            invariant(decoder.text == text, "UR frames did not carry the text back")
        }
    }
}
