// Local API: a QR code as SVG (libqrencode), for the web wallet's invoices and tokens (`POST /v1/qr`).

import CQREncode

/// Renders text as an SVG QR code: one path of dark modules on a white square, with a quiet zone of 4 modules.
enum QRCodeSVG {
    /// The SVG of `text`, or `nil` when it does not fit a QR code (more than 2,953 bytes) or libqrencode fails.
    static func render(_ text: String) -> String? {
        guard !text.isEmpty, let code = QRcode_encodeString(text, 0, QR_ECLEVEL_L, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        guard width > 0, let data = code.pointee.data else { return nil }
        let quiet = 4
        let size = width + 2 * quiet
        var path = ""
        path.reserveCapacity(width * width * 4)
        for row in 0..<width {
            for column in 0..<width where data[row * width + column] & 1 == 1 {
                path += "M\(column + quiet) \(row + quiet)h1v1h-1z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" shape-rendering="crispEdges">\
            <rect width="\(size)" height="\(size)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }
}
