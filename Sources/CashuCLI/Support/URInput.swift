// CLI: NUT-16 animated QR frames given as text (`ur:bytes/...`, one per line or separated by spaces, as a scanner
// app exports them) put back together into the token or payment request they carry.

import CoreCashu

/// Reassembles UR frames found in command input.
enum URInput {
    /// The text `input` carries: itself when it holds no UR frame, else what its frames rebuild.
    /// - Throws: ``CLIError`` (65) for frames that are broken, of several codes, or too few to rebuild the text.
    static func resolve(_ input: String) throws -> String {
        let words = input.split(whereSeparator: \.isWhitespace)
        let frames = words.filter { URFrameDecoder.isFrame($0) }
        guard !frames.isEmpty else { return input }
        var decoder = URFrameDecoder()
        for frame in frames {
            do {
                if try decoder.receive(frame) { break }
            } catch {
                throw CLIError(
                    .input, "not a valid animated QR frame (NUT-16): \(CLIError.reason(error))", code: "invalidInput")
            }
        }
        guard let text = decoder.text else {
            let (known, total) = decoder.progress
            throw CLIError(
                .input,
                "the animated QR frames are incomplete: \(known) of \(total) fragments; scan more frames",
                code: "invalidInput")
        }
        return text
    }
}
