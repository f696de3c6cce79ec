// CLI: the arguments of `cashu nwc add` — a budget (`SATS/daily|weekly|monthly|yearly|total`) and a method list —
// and the NIP-47 failures as CLI errors.

import CashuNostr
import LinuxCashu

enum NWCArguments {
    /// The periods `--budget` takes, as the budget's renewal.
    static let periods: [String: NWCBudgetRenewal] = [
        "daily": .daily, "weekly": .weekly, "monthly": .monthly, "yearly": .yearly, "total": .never,
    ]

    /// Parses `SATS/PERIOD` (or `SATS`, for a total over the connection's life).
    ///
    /// - Returns: `nil` when it is not that shape or the amount is not a positive whole number of sats.
    static func budget(_ text: String) -> NWCBudget? {
        let parts = text.trimmingCharacters(in: .whitespaces).lowercased().split(
            separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let sats = UInt64(parts[0]), sats > 0,
            let renewal = parts.count == 2 ? periods[String(parts[1])] : .never
        else { return nil }
        return NWCBudget(limitSats: sats, renewal: renewal)
    }

    /// Parses a comma-separated method list; every method must be one the wallet serves.
    ///
    /// - Returns: the methods in the wallet's order, or the first unknown name.
    static func methods(_ text: String) -> Result<[NWCMethod], UnknownMethod> {
        var chosen: Set<NWCMethod> = []
        for part in text.split(separator: ",") {
            let method = NWCMethod(rawValue: part.trimmingCharacters(in: .whitespaces).lowercased())
            guard NWCMethod.walletServiceMethods.contains(method) else { return .failure(UnknownMethod(name: method)) }
            chosen.insert(method)
        }
        return .success(NWCMethod.walletServiceMethods.filter(chosen.contains))
    }

    struct UnknownMethod: Error {
        let name: NWCMethod
    }

    /// A budget as people read it: `1000 sat daily`, `1000 sat in total`.
    static func text(_ budget: NWCBudget) -> String {
        budget.renewal == .never ? "\(budget.limitSats) sat in total" : "\(budget.limitSats) sat \(budget.renewal)"
    }

    /// A NIP-47 failure as the user sees it.
    static func error(_ error: any Error) -> CLIError {
        guard let error = CLIError.areaError(error) else { return CLIError.from(error) }
        return switch error.codeName {
        case "storage": CLIError(.storage, error.reason, code: "storage")
        case "relayUnreachable": CLIError(.config, error.reason, code: "noRelay")
        case "invalidRelayURL": CLIError(.input, error.reason, code: "invalidInput")
        default: CLIError(.internal, error.reason, code: error.codeName)
        }
    }
}
