// CLI render: a QR code of a token, invoice or payment request on stderr, for a person at a terminal.

/// Shows QR codes on stderr when it is a terminal (never in scripts' output).
enum QRDisplay {
    /// Draws `text` as a QR code with a caption, or says it is too long for one.
    static func show(_ text: String, caption: String, output: Output) {
        guard output.stderrIsTerminal else { return }
        if let code = TerminalQRCode.render(text) {
            output.note(code)
            output.note(caption)
        } else {
            output.note("(\(caption.lowercased()) is too long for a QR code)")
        }
    }
}
