// Local API: one prepared operation the service holds between `POST /v1/prepare/...` and its confirm or cancel.

import CoreCashu
import Foundation
import LinuxCashu

/// A prepared value of the library, as the API keeps it for its confirm.
enum PreparedOperation: Sendable {
    case send(PreparedSend)
    case pay(PreparedPay)
    case transfer(PreparedTransfer)
    case receive(PreparedReceive)

    /// The figures a client shows before confirming (`id` is the registry's).
    func body(id: String) -> PreparedBody {
        switch self {
        case .send(let send):
            return PreparedBody(
                id: id, kind: "send", amount: send.amount, fee: send.fee, total: send.total, unit: send.unit.rawValue,
                mint: send.mint.rawValue, receiverFee: send.receiverFee, expiresAt: send.expiresAt)
        case .pay(.invoice(let payment)):
            return PreparedBody(
                id: id, kind: "pay", amount: payment.amount, fee: payment.most - payment.amount, total: payment.most,
                unit: payment.unit.rawValue, mint: payment.mint.rawValue, expiresAt: payment.expiresAt)
        case .pay(.request(let payment)):
            return PreparedBody(
                id: id, kind: "pay", amount: payment.requested, fee: payment.total - payment.requested,
                total: payment.total, unit: payment.send.unit.rawValue, mint: payment.mint.rawValue,
                receiverFee: payment.send.receiverFee, memo: payment.request.description,
                expiresAt: payment.send.expiresAt)
        case .transfer(let transfer):
            return PreparedBody(
                id: id, kind: "transfer", amount: transfer.amount, fee: transfer.fee, total: transfer.most,
                unit: transfer.payment.unit.rawValue, mint: transfer.from.rawValue, to: transfer.to.rawValue,
                expiresAt: transfer.expiresAt)
        case .receive(let receive):
            let fee = receive.fee
            return PreparedBody(
                id: id, kind: "receive", amount: receive.amount, fee: fee,
                total: fee.map { receive.amount >= $0 ? receive.amount - $0 : 0 }, unit: receive.unit.rawValue,
                mint: receive.token.mints.first, canReceive: receive.canReceive,
                mintUnreachable: receive.mintUnreachable ? true : nil, memo: receive.memo,
                expiresAt: nil)
        }
    }

    /// The unit it moves.
    var unit: String {
        switch self {
        case .send(let send): send.unit.rawValue
        case .pay(.invoice(let payment)): payment.unit.rawValue
        case .pay(.request(let payment)): payment.send.unit.rawValue
        case .transfer(let transfer): transfer.payment.unit.rawValue
        case .receive(let receive): receive.unit.rawValue
        }
    }

    /// When the library releases what it holds by itself (a receive holds nothing: the registry's own limit).
    var expiresAt: Date? {
        switch self {
        case .send(let send): send.expiresAt
        case .pay(.invoice(let payment)): payment.expiresAt
        case .pay(.request(let payment)): payment.send.expiresAt
        case .transfer(let transfer): transfer.expiresAt
        case .receive: nil
        }
    }

    /// Releases what it holds; nothing is spent.
    func cancel() async {
        switch self {
        case .send(let send): await send.cancel()
        case .pay(let pay): await pay.cancel()
        case .transfer(let transfer): await transfer.cancel()
        case .receive: break
        }
    }
}
