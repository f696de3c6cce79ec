// CLI render: aligned columns for human output (mints, balances, history).

/// Rows of cells printed with each column padded to its widest cell.
struct TextTable {
    private(set) var rows: [[String]] = []
    /// Columns aligned to the right (amounts).
    var rightAligned: Set<Int> = []

    init(header: [String]? = nil, rightAligned: Set<Int> = []) {
        if let header { rows.append(header) }
        self.rightAligned = rightAligned
    }

    mutating func add(_ cells: [String]) { rows.append(cells) }

    /// This table with `rows` added.
    func with(_ more: [[String]]) -> TextTable {
        var table = self
        table.rows += more
        return table
    }

    var rendered: String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                let padding = String(repeating: " ", count: widths[index] - cell.count)
                if rightAligned.contains(index) { return padding + cell }
                return index == row.count - 1 ? cell : cell + padding
            }.joined(separator: "  ")
        }.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    }
}
