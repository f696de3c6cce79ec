// Tests of TextTable: aligned columns, amounts to the right, no trailing spaces.

import Testing

@testable import CashuCLI

@Suite("TextTable")
struct TextTableTests {
    @Test("columns are padded, right-aligned where asked, lines carry no trailing blanks")
    func render() {
        var table = TextTable(header: ["Mint", "Balance", "Note"], rightAligned: [1])
        table.add(["http://a", "5 sat", ""])
        table.add(["http://bb", "1000 sat", "(+ 3 sat sent)"])
        #expect(
            table.rendered == """
                Mint        Balance  Note
                http://a      5 sat
                http://bb  1000 sat  (+ 3 sat sent)
                """
        )
    }
}
