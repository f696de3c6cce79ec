// CLI daemon: what a desktop notification says about something the service settled — amounts and a mint's host,
// never a token or a quote id.

import CoreCashu
import Foundation
import LinuxCashu

enum DaemonNotificationText {
    /// The notification's summary and body, or `nil` for events not worth one.
    static func text(for event: WalletDaemonEvent) -> (summary: String, body: String)? {
        switch event {
        case .minted(let mint, let amount, let unit):
            return ("Received \(Amount.text(amount, unit))", "A paid invoice was minted at \(host(mint)).")
        case .queueCompleted(let completion):
            let entry = completion.entry
            let unit = entry.unit ?? .sat
            switch (completion.outcome, entry.kind) {
            case (.completed(let result), .receive):
                let body = "A queued token was received at \(host(entry.mintURL))."
                return ("Received \(Amount.text(result.amount, unit))", body)
            case (.completed(let result), .melt):
                let body = "A queued payment was made through \(host(entry.mintURL))."
                return ("Paid \(Amount.text(result.amount, unit))", body)
            case (.failed, .receive):
                return ("A queued token was refused", "\(host(entry.mintURL)) refused it: see `cashu pending`.")
            case (.failed, .melt):
                return ("A queued payment failed", "\(host(entry.mintURL)) refused it: see `cashu pending`.")
            default:
                return nil
            }
        case .paymentSettled(let mint, let amount, let unit, let paid):
            return paid
                ? ("Paid \(Amount.text(amount, unit))", "A payment in flight through \(host(mint)) went through.")
                : ("A payment failed", "\(Amount.text(amount, unit)) through \(host(mint)) came back to the wallet.")
        case .refreshed:
            return nil
        case .wallet(.sentTokenClaimed(let send)):
            let amount = send.amount.map { Amount.text($0, send.unit) } ?? "A token"
            return ("Your token was claimed", "\(amount) sent from \(host(send.mint)) was received.")
        case .wallet(.loginNeeded(let mint)):
            return ("Log in to \(host(mint))", "The mint wants a login: `cashu auth login --mint \(mint)`.")
        case .wallet:
            // Mints, payments and queued work are told above; balances and progress are for live views.
            return nil
        }
    }

    static func host(_ mint: MintURL) -> String {
        Untrusted.display(URL(string: mint.rawValue)?.host ?? mint.rawValue, limit: 80)
    }
}
