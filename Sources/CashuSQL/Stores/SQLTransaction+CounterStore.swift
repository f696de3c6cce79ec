// Storage: NUT-13 counters in a SQL store.

import CashuEngine

extension SQLTransaction {
    package func counter(keysetID: KeysetID) throws -> UInt64 {
        try fetchOne("SELECT next FROM counters WHERE keyset_id = ?", [.text(keysetID.hex)], during: "counter") {
            row throws(StorageError) in try SQLRowReader(row, table: "counters").uint64("next")
        } ?? 0
    }

    package func reserveCounters(keysetID: KeysetID, count: UInt64) throws -> Range<UInt64> {
        try requireWritable("reserveCounters")
        // A write transaction is the wallet's only writer, so reading and then writing cannot interleave with another.
        let first = try counter(keysetID: keysetID)
        let (end, overflow) = first.addingReportingOverflow(count)
        guard !overflow else { throw StorageError(.overflow, "reserveCounters: the counter would pass UInt64.max") }
        try storeCounter(keysetID, end, "reserveCounters")
        return first..<end
    }

    package func raiseCounter(keysetID: KeysetID, to value: UInt64) throws {
        try requireWritable("raiseCounter")
        if value > (try counter(keysetID: keysetID)) { try storeCounter(keysetID, value, "raiseCounter") }
    }

    private func storeCounter(_ keysetID: KeysetID, _ next: UInt64, _ operation: String) throws(StorageError) {
        try execute(
            "INSERT INTO counters (keyset_id, next) VALUES (?, ?) "
                + "ON CONFLICT (keyset_id) DO UPDATE SET next = excluded.next",
            [.text(keysetID.hex), .amount(next)], during: operation)
    }
}
