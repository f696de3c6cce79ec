// CLI: temporary stand-in for QR/TerminalQRCode.swift until main's renderer is merged (then this file goes).
enum TerminalQRCode { static func render(_ text: String) -> String? { nil } }
