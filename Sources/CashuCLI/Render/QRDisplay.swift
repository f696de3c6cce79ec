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
    /// terminal too (Enter stops it), animated frames (NUT-16), until Enter.
    static func show(_ text: String, caption: String, output: Output) async {
        guard let stop = begin(text, caption: caption, output: output) else { return }
        Output.write("(Press Enter to stop the animation.)\n", to: .standardError)
        Thread.detachNewThread {
            _ = Swift.readLine()
            stop.set()
        }
        await animate(text, caption: caption, stop: stop)
    }

    /// As ``show(_:caption:output:)`` for a command that goes on waiting (for a payment, a login): an animation runs
    /// beside it until the returned flag is set.
    static func showWhileWaiting(_ text: String, caption: String, output: Output) -> CancelFlag? {
        guard let stop = begin(text, caption: caption, output: output) else { return nil }
        Task.detached { await animate(text, caption: caption, stop: stop) }
        return stop
    }

    /// Draws a static code (or says why there is none) and returns `nil`, or returns the flag that will stop an
    /// animation.
    private static func begin(_ text: String, caption: String, output: Output) -> CancelFlag? {
        guard output.stderrIsTerminal else { return nil }
        if text.utf8.count <= staticLimit, let code = TerminalQRCode.render(text) {
            output.note(code)
            output.note(caption)
            return nil
        }
        guard output.stdinIsTerminal else {
            output.note("(\(caption.lowercased()) is too long for one QR code; run on a terminal to see it animated)")
            return nil
        }
        return CancelFlag()
    }

    /// The animation: frames upper case (QR alphanumeric mode, a smaller code), redrawn in place.
    private static func animate(_ text: String, caption: String, stop: CancelFlag) async {
        var encoder = URFrameEncoder(text: text)
        let count = encoder.frameCount
        let deadline = ContinuousClock.now.advanced(by: animationLimit)
        var drawnLines = 0
        var shown = 0
        while !stop.isSet && ContinuousClock.now < deadline && !Task.isCancelled {
            let frame = encoder.nextFrame().uppercased()
            guard let code = TerminalQRCode.render(frame) else { break }
            shown += 1
            let part = ((shown - 1) % count) + 1
            guard !stop.isSet else { break }
            var screen = drawnLines > 0 ? "\u{1B}[\(drawnLines)A\u{1B}[J" : ""
            screen += code + "\n\(caption): animated QR code (NUT-16), frame \(part) of \(count)\n"
            Output.write(screen, to: .standardError)
            drawnLines = code.split(separator: "\n", omittingEmptySubsequences: false).count + 1
            try? await Task.sleep(for: frameInterval)
        }
    }
}
