// CLI render: a QR code on stderr for a token, invoice or request — static when it is short enough to scan, else
// (NUT-16) animated UR frames redrawn in place until Enter is pressed.

import CoreCashu
import Foundation

/// Shows text as a QR code on a terminal's stderr.
enum QRDisplay {
    /// The longest text shown as one static code: past it, a code's modules get too small for a phone camera
    /// reading a terminal (a version 20 code, ~97 modules).
    static let staticLimit = 600

    /// How long each animated frame stays.
    static let frameInterval: Duration = .milliseconds(250)

    /// How long an animation runs when nobody stops it.
    static let animationLimit: Duration = .seconds(300)

    /// Draws `text` as a QR code with a caption: a static one, or, for a longer text on a terminal whose stdin is a
    /// terminal too (Enter stops it), animated frames (NUT-16).
    static func show(_ text: String, caption: String, output: Output) async {
        guard output.stderrIsTerminal else { return }
        if text.utf8.count <= staticLimit, let code = TerminalQRCode.render(text) {
            output.note(code)
            output.note(caption)
            return
        }
        guard output.stdinIsTerminal else {
            output.note("(\(caption.lowercased()) is too long for one QR code; run on a terminal to see it animated)")
            return
        }
        await animate(text, caption: caption)
    }

    /// The animation: frames upper case (QR alphanumeric mode, a smaller code), redrawn in place.
    private static func animate(_ text: String, caption: String) async {
        var encoder = URFrameEncoder(text: text)
        let count = encoder.frameCount
        let stop = CancelFlag()
        Thread.detachNewThread {
            _ = Swift.readLine()
            stop.set()
        }
        let deadline = ContinuousClock.now.advanced(by: animationLimit)
        var drawnLines = 0
        var shown = 0
        while !stop.isSet && ContinuousClock.now < deadline && !Task.isCancelled {
            let frame = encoder.nextFrame().uppercased()
            guard let code = TerminalQRCode.render(frame) else { break }
            shown += 1
            let part = ((shown - 1) % count) + 1
            var screen = drawnLines > 0 ? "\u{1B}[\(drawnLines)A\u{1B}[J" : ""
            screen += code + "\n\(caption): animated QR code (NUT-16), frame \(part) of \(count); Enter stops it\n"
            Output.write(screen, to: .standardError)
            drawnLines = code.split(separator: "\n", omittingEmptySubsequences: false).count + 1
            try? await Task.sleep(for: frameInterval)
        }
    }
}
