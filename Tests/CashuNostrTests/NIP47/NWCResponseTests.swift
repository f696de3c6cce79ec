// NIP-47 — response content: result_type, error {code, message}, typed results; notifications.

import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-47 responses and notifications")
struct NWCResponseTests {
    /// The JSON object of `text`.
    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("a success writes error as null, a failure writes result as null")
    func nulls() throws {
        let success = NWCResponse.success(.getBalance, .balance(msat: 21_000))
        let json = try object(success.jsonText)
        #expect(json["result_type"] as? String == "get_balance")
        #expect(json["error"] is NSNull)
        #expect((json["result"] as? [String: Any])?["balance"] as? Int == 21_000)

        let failure = NWCResponse.failure("pay_invoice", .quotaExceeded, "over budget")
        let failed = try object(failure.jsonText)
        #expect(failed["result"] is NSNull)
        #expect((failed["error"] as? [String: Any])?["code"] as? String == "QUOTA_EXCEEDED")
        #expect((failed["error"] as? [String: Any])?["message"] as? String == "over budget")
        #expect(try NWCResponse(jsonText: failure.jsonText) == failure)
    }

    @Test("each result round-trips through JSON under its result_type")
    func results() throws {
        let transaction = NWCTransaction(
            type: .incoming, state: .pending, invoice: "lnbc1", description: "d", paymentHash: "00", amount: 1000,
            createdAt: 1, expiresAt: 2)
        let responses: [NWCResponse] = [
            .success(.payInvoice, .payment(NWCPayResult(preimage: "ab", feesPaid: 3000))),
            .success(.makeInvoice, .transaction(transaction)),
            .success(.lookupInvoice, .transaction(transaction)),
            .success(.listTransactions, .transactions([transaction, transaction])),
            .success(.getBalance, .balance(msat: 5)),
            .success(.getInfo, .info(NWCInfo(alias: "a", network: "mainnet", methods: [.payInvoice]))),
            .success(.getBudget, .budget(NWCBudgetInfo(remainingBudgetMsats: 1, totalBudgetMsats: 2, renewsAt: 3))),
            .success(.getBudget, .budget(NWCBudgetInfo())),
            .success(NWCMethod(rawValue: "sign_message"), .other(.object(["signature": .string("s")]))),
        ]
        for response in responses { #expect(try NWCResponse(jsonText: response.jsonText) == response) }
        let make = try object(responses[1].jsonText)
        let result = try #require(make["result"] as? [String: Any])
        #expect(result["payment_hash"] as? String == "00")
        #expect(result["fees_paid"] as? Int == 0)
        #expect(result["created_at"] as? Int == 1)
        #expect(result["preimage"] == nil)
    }

    @Test("an unknown error code is kept")
    func unknownCode() throws {
        let response = try NWCResponse(
            jsonText: #"{"result_type":"pay_invoice","error":{"code":"TOO_SPICY","message":"m"},"result":null}"#)
        #expect(response.error == NWCResponseError(NWCErrorCode(rawValue: "TOO_SPICY"), "m"))
    }

    @Test("notifications: payment_received and payment_sent round-trip")
    func notifications() throws {
        let received = NWCNotification.paymentReceived(
            NWCTransaction(
                type: .incoming, state: .settled, invoice: "lnbc1", preimage: "aa", paymentHash: "bb", amount: 1000,
                createdAt: 1, settledAt: 2))
        let json = try object(received.jsonText)
        #expect(json["notification_type"] as? String == "payment_received")
        #expect((json["notification"] as? [String: Any])?["settled_at"] as? Int == 2)
        #expect(try NWCNotification(jsonText: received.jsonText) == received)
        let sent = NWCNotification.paymentSent(
            NWCTransaction(type: .outgoing, paymentHash: "cc", amount: 1000, feesPaid: 1000, createdAt: 1))
        #expect(try NWCNotification(jsonText: sent.jsonText) == sent)
        #expect(throws: NostrError.self) { try NWCNotification(jsonText: "{}") }
    }
}
