// CLI: QR codes for the terminal, drawn with Unicode half blocks (libqrencode through the CQREncode system library).

import CQREncode

/// Renders text (a token, an invoice, a payment request) as a QR code a phone can scan from the terminal.
///
/// Two modules per character cell, vertically (`▀`, `▄`, `█`, space), with a quiet zone around the code. Light
/// modules are drawn and dark ones left blank, which reads correctly on the usual light-on-dark terminal; pass
/// `invert: true` for a dark-on-light terminal.
enum TerminalQRCode {
    /// Modules of quiet zone on every side (the QR specification asks for 4; 2 is enough for phone cameras reading
    /// a screen and keeps a long token on one screen).
    static let quietZone = 2

    /// The QR code of `text`, one line per two module rows, or `nil` when the text does not fit a QR code
    /// (more than 2,953 bytes at the lowest error correction) or libqrencode fails.
    static func render(_ text: String, invert: Bool = false) -> String? {
        guard !text.isEmpty, let code = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1) else {
            return nil
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { return nil }
        let size = width + 2 * quietZone
        // A module inside the quiet zone is light; libqrencode marks dark modules with bit 0.
        func isDark(_ x: Int, _ y: Int) -> Bool {
            let column = x - quietZone
            let row = y - quietZone
            guard column >= 0, column < width, row >= 0, row < width else { return false }
            return data[row * width + column] & 1 == 1
        }
        var lines: [String] = []
        lines.reserveCapacity(size / 2 + 1)
        for top in stride(from: 0, to: size, by: 2) {
            var line = ""
            line.reserveCapacity(size * 3)
            for x in 0..<size {
                // Drawn means "ink": light modules unless inverted.
                let upper = isDark(x, top) == invert
                let lower = top + 1 < size ? isDark(x, top + 1) == invert : false
                switch (upper, lower) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
