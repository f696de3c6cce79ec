// CLI daemon: what a desktop notification says about something the service settled — amounts and a mint's host,
// never a token or a quote id — read from the wallet's events.

import CoreCashu
import Foundation
import LinuxCashu

enum DaemonNotificationText {
    /// The notification's summary and body, or `nil` for events not worth one (balances, progress, holds, what is
    /// still pending).
    static func text(for event: WalletEvent) -> (summary: String, body: String)? {
        switch event {
        case .operationSettled(let op):
            let amount = op.amount.map { Amount.text($0, op.unit) }
            switch op.kind {
            case .mint:
                return ("Received \(amount ?? "ecash")", "A paid invoice was minted at \(host(op.mint)).")
            case .receive:
                return ("Received \(amount ?? "a token")", "A token was received at \(host(op.mint)).")
            case .melt:
                return ("Paid \(amount ?? "an invoice")", "A payment through \(host(op.mint)) went through.")
            default:
                return nil
            }
        case .operationFailed(let op) where op.kind == .melt:
            let amount = op.amount.map { Amount.text($0, op.unit) } ?? "The payment"
            return ("A payment failed", "\(amount) through \(host(op.mint)) came back to the wallet.")
        case .queuedWorkFinished(let mint, _, _, let done) where !done:
            return ("Queued work was refused", "\(host(mint)) refused it: see `cashu pending`.")
        case .sentTokenClaimed(let send):
            let amount = send.amount.map { Amount.text($0, send.unit) } ?? "A token"
            return ("Your token was claimed", "\(amount) sent from \(host(send.mint)) was received.")
        case .loginNeeded(let mint):
            return ("Log in to \(host(mint))", "The mint wants a login: `cashu auth login --mint \(mint)`.")
        default:
            return nil
        }
    }

    static func host(_ mint: MintURL) -> String {
        Untrusted.display(URL(string: mint.rawValue)?.host ?? mint.rawValue, limit: 80)
    }
}
