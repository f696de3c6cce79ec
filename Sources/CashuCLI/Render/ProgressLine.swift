// CLI render: a progress bar redrawn in place on stderr (only on a terminal).

import Foundation

/// One line of progress on stderr, redrawn with `\r`.
struct ProgressLine: Sendable {
    let output: Output
    static let width = 24

    /// Draws `[#####-----] label`, `done` of `total`.
    func draw(done: Int, total: Int, label: String) {
        let filled = total > 0 ? min(Self.width, done * Self.width / total) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: Self.width - filled)
        output.progress("\r\u{1B}[2K[\(bar)] \(label)")
    }

    /// Ends the line.
    func finish() { output.progress("\r\u{1B}[2K") }
}
