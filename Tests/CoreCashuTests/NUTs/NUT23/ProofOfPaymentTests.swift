// Tests of NUTs/NUT23/ProofOfPayment.swift: a melt's preimage against the invoice's payment hash.

import CashuTestSupport
import Crypto
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("ProofOfPayment")
struct ProofOfPaymentTests {
    static let preimage = [UInt8](repeating: 0xab, count: 32)
    static let invoice: String = (try? Bolt11TestInvoice.payable(amountSat: 21, preimage: preimage)) ?? ""

    @Test func thePreimageOfTheInvoiceIsVerified() {
        #expect(ProofOfPayment.check(invoice: Self.invoice, preimage: Hex.encode(Self.preimage)) == .verified)
        let hex = Hex.encode(Self.preimage)
        #expect(ProofOfPayment.check(invoice: Self.invoice, preimage: hex.uppercased()) == .verified)
        #expect(ProofOfPayment.check(invoice: "lightning:" + Self.invoice.uppercased(), preimage: hex) == .verified)
    }

    @Test(arguments: [
        String(repeating: "0", count: 64),  // FakeWallet's answer for an invoice it did not make
        String(repeating: "ab", count: 31),  // too short
        String(repeating: "ab", count: 33),  // too long
        String(repeating: "ab", count: 32) + "0",  // odd length
        "not hex at all",
        // FakeWallet's preimage for its own invoices is hex text whose UTF-8 (not its bytes) hashes to the hash.
        Hex.encode(String(repeating: "ab", count: 32).utf8),
    ])
    func anyOtherPreimageIsAMismatch(_ preimage: String) {
        #expect(ProofOfPayment.check(invoice: Self.invoice, preimage: preimage) == .mismatch)
    }

    @Test func noPreimageIsAbsent() {
        #expect(ProofOfPayment.check(invoice: Self.invoice, preimage: nil) == .absent)
        #expect(ProofOfPayment.check(invoice: Self.invoice, preimage: "") == .absent)
        #expect(ProofOfPayment.check(invoice: "garbage", preimage: nil) == .absent)
    }

    @Test func anInvoiceTheWalletCannotReadIsNotChecked() {
        let preimage = Hex.encode(Self.preimage)
        #expect(ProofOfPayment.check(invoice: "garbage", preimage: preimage) == .notChecked)
        #expect(ProofOfPayment.check(invoice: String(Self.invoice.dropLast()), preimage: preimage) == .notChecked)
    }
}
