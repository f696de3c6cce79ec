// Tests of the terminal QR renderer: the code's geometry, its finder patterns, and text too long for a QR code.

import Testing

@testable import CashuCLI

@Suite("Terminal QR codes")
struct TerminalQRCodeTests {
    /// The rendered code back as module rows (true = drawn), two per text line.
    static func modules(_ rendered: String) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in rendered.split(separator: "\n", omittingEmptySubsequences: false) {
            var upper: [Bool] = []
            var lower: [Bool] = []
            for character in line {
                upper.append(character == "█" || character == "▀")
                lower.append(character == "█" || character == "▄")
            }
            rows.append(upper)
            rows.append(lower)
        }
        return rows
    }

    @Test("A bolt11-sized text: square, quiet zone all round, three finder patterns where QR puts them")
    func geometry() throws {
        let text = "lnbc10u1p" + String(repeating: "q9z8x7c6v5b4n3m2", count: 12)
        let rendered = try #require(TerminalQRCode.render(text))
        let rows = Self.modules(rendered)
        let size = try #require(rows.first?.count)
        #expect(rows.allSatisfy { $0.count == size })
        let quiet = TerminalQRCode.quietZone
        let width = size - 2 * quiet
        #expect((width - 21) % 4 == 0, "a QR code is 21 + 4k modules wide, not \(width)")
        // Light modules are drawn: the quiet zone is all ink, a finder pattern's dark ring is blank.
        #expect(rows[0].allSatisfy { $0 })
        #expect(rows.prefix(size).allSatisfy { $0[0] && $0[size - 1] })
        for (x, y) in [(quiet, quiet), (quiet + width - 7, quiet), (quiet, quiet + width - 7)] {
            for offset in 0..<7 {
                #expect(!rows[y][x + offset], "finder ring top at \(x + offset),\(y)")
                #expect(!rows[y + 6][x + offset], "finder ring bottom at \(x + offset),\(y + 6)")
                #expect(!rows[y + offset][x], "finder ring left at \(x),\(y + offset)")
            }
            #expect(rows[y + 1][x + 1], "finder's light ring at \(x + 1),\(y + 1)")
            #expect(!rows[y + 3][x + 3], "finder's dark centre at \(x + 3),\(y + 3)")
        }
        let inverted = try #require(TerminalQRCode.render(text, invert: true))
        let flipped = Self.modules(inverted)
        #expect(flipped[quiet + 3][quiet + 3])
        #expect(!flipped[0][0])
    }

    @Test("Text longer than the largest QR code holds: nil, not a crash; empty text: nil")
    func tooLong() {
        #expect(TerminalQRCode.render(String(repeating: "a", count: 3000)) == nil)
        #expect(TerminalQRCode.render("") == nil)
        #expect(TerminalQRCode.render(String(repeating: "a", count: 2000)) != nil)
    }
}
