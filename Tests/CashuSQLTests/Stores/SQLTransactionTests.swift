// Tests of CashuSQL/SQLTransaction.swift and the shared store statements: chunking by dialect, refusals before SQL.

import CashuEngine
import CashuSQL
import Testing

@Suite("SQLTransaction")
struct SQLTransactionTests {
    static let keys = (0..<1_201).map { "key\($0)" }

    @Test func sqliteBindsAtMost500KeysAStatementPostgreSQLOneList() throws {
        let sqlite = RecordingTransaction(.sqlite)
        let runs = try sqlite.eachChunk(of: Self.keys, column: "y", after: [.text("first")]) { condition, values in
            values.count
        }
        #expect(runs == [501, 501, 202])
        let postgres = RecordingTransaction(.postgres)
        let lists = try postgres.eachChunk(of: Self.keys, column: "y", after: [.text("first")]) { _, values in values }
        #expect(lists == [[.text("first"), .textList(Self.keys)]])
        #expect(try postgres.eachChunk(of: [], column: "y") { _, _ in 1 }.isEmpty)
    }

    @Test(arguments: [SQLDialect.sqlite, .postgres])
    func aWriteInAReadTransactionIsRefusedBeforeAnySQL(_ dialect: SQLDialect) {
        let tx = RecordingTransaction(dialect, readOnly: true)
        #expect(throws: StorageError.self) { try tx.setMetadata("k", "v") }
        #expect(throws: StorageError.self) { try tx.removeMint(url: MintURL("https://mint.example")) }
        #expect(tx.statements.isEmpty)
    }

    @Test func aDuplicateJournalIdIsAConflictNotAnAbortedTransaction() throws {
        let tx = RecordingTransaction(.postgres)
        tx.changes = 0
        let record = OperationRecord(
            id: .random(), kind: .swap, mintURL: try MintURL("https://mint.example"), unit: .sat, state: .prepared,
            payload: [1], createdAt: .now, updatedAt: .now)
        #expect { try tx.insertOperation(record) } throws: { ($0 as? StorageError)?.code == .conflict }
        #expect(tx.statements.first?.sql.hasSuffix("ON CONFLICT (id) DO NOTHING") == true)
    }
}
