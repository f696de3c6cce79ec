// Test support: a second shared mint whose invoices the other mints pay as external Lightning payments.

extension TestMint {
    private static let payeeMint = Task { try await TestMint.start() }

    /// A second mint, started on first use. An invoice from the mint itself would be settled internally (and, with
    /// FakeWallet paying its own quotes at once, be refused as already paid), so melts pay invoices of this one.
    package static var payee: TestMint {
        get async throws { try await payeeMint.value }
    }

    /// A bolt11 invoice another mint pays through its FakeWallet backend.
    package static func externalInvoice(amount: UInt64) async throws -> String {
        try await payee.invoice(amount: amount)
    }
}
