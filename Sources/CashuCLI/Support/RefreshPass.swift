// CLI: the steps of `cashu refresh`, each mint on its own so that one unreachable mint does not stop the rest.

import CoreCashu

/// One maintenance pass over the wallet and what it did.
struct RefreshPass {
    let context: WalletContext
    private(set) var recovery = RecoveryReport()
    private(set) var minted: [(MintURL, MintResult)] = []
    /// The unit of each mint operation (from the history).
    private(set) var mintedUnits: [OperationID: CurrencyUnit] = [:]
    private(set) var claimed = 0
    private(set) var unclaimed = 0
    private(set) var settledMelts = 0
    private(set) var rotated: [(MintURL, CurrencyUnit, RotationResult)] = []
    private(set) var failures: [(step: String, mint: MintURL?, error: CLIError)] = []

    init(context: WalletContext) {
        self.context = context
    }

    mutating func run() async {
        let wallet = context.wallet
        recovery = await wallet.recover()
        let mints: [MintURL]
        do { mints = try await wallet.mints().map(\.url) } catch {
            failures.append(("mints", nil, CLIError.from(error)))
            return
        }
        for mint in mints {
            do { minted += try await wallet.mintPaidQuotes(mint: mint).map { (mint, $0) } } catch {
                failures.append(("mint-paid-quotes", mint, CLIError.from(error)))
            }
            do {
                let report = try await wallet.check(mint: mint)
                claimed += report.claimed.count
                unclaimed += report.unclaimed.count
                settledMelts += report.settledMelts.count
            } catch {
                failures.append(("check", mint, CLIError.from(error)))
            }
            do {
                let units = Set(
                    try await wallet.balances().filter { $0.mintURL == mint && $0.status == .unspent }.map(\.unit)
                )
                for unit in units.sorted(by: { $0.rawValue < $1.rawValue }) {
                    if let result = try await wallet.rotateKeysets(mint: mint, unit: unit) {
                        rotated.append((mint, unit, result))
                    }
                }
            } catch {
                failures.append(("rotate-keysets", mint, CLIError.from(error)))
            }
        }
        if !minted.isEmpty, let history = try? await wallet.history(limit: 1000) {
            for entry in history where entry.kind == .mint { mintedUnits[entry.id] = entry.unit }
        }
        // Offline queue: LinuxWallet runs the operations queued while a mint was unreachable here, once the
        // coordinator wires LinuxCashu's OfflineQueue in (ARCHITECTURE.md, LinuxCashu).
        for (id, error) in recovery.unresolved where error.code != .pending {
            failures.append(("recover", nil, CLIError(wallet: WalletError(error.code, error.reason, operationID: id))))
        }
    }

    var json: JSONOutput {
        .object([
            ("recovered", RecoveryText.json(recovery)),
            (
                "minted",
                .array(
                    minted.map { mint, result in
                        .object([
                            ("mint", .string(mint.rawValue)), ("amount", .number(result.amount)),
                            ("unit", .optional(mintedUnits[result.operationID]?.rawValue)),
                            ("operation", .string(result.operationID.rawValue)),
                        ])
                    }
                )
            ),
            ("tokensClaimed", .int(claimed)), ("tokensUnclaimed", .int(unclaimed)),
            ("meltsSettled", .int(settledMelts)),
            (
                "rotated",
                .array(
                    rotated.map { mint, unit, result in
                        .object([
                            ("mint", .string(mint.rawValue)), ("unit", .string(unit.rawValue)),
                            ("moved", .number(result.moved)),
                            ("fee", .number(result.fee)),
                        ])
                    }
                )
            ),
            (
                "errors",
                .array(
                    failures.map { step, mint, error in
                        .object([
                            ("step", .string(step)), ("mint", .optional(mint?.rawValue)), ("code", .string(error.code)),
                            ("message", .string(error.message)),
                        ])
                    }
                )
            ),
        ])
    }

    var human: String {
        var lines: [String] = []
        if !recovery.resolved.isEmpty || !recovery.unresolved.isEmpty { lines.append(RecoveryText.human(recovery)) }
        for (mint, result) in minted {
            let amount = mintedUnits[result.operationID].map { Amount.text(result.amount, $0) } ?? "\(result.amount)"
            lines.append("Minted \(amount) from a paid invoice at \(mint).")
        }
        if claimed > 0 { lines.append("\(claimed) sent token(s) were claimed.") }
        if unclaimed > 0 { lines.append("\(unclaimed) sent token(s) not claimed yet (`cashu pending`).") }
        if settledMelts > 0 { lines.append("\(settledMelts) payment(s) in flight settled.") }
        for (mint, unit, result) in rotated {
            lines.append(
                "Moved \(Amount.text(result.moved, unit)) at \(mint) to its current keyset "
                    + "(fee \(Amount.text(result.fee, unit)))."
            )
        }
        for (step, mint, error) in failures {
            lines.append("Failed \(step)\(mint.map { " at \($0)" } ?? ""): \(error.message)")
        }
        return lines.isEmpty ? "All up to date." : lines.joined(separator: "\n")
    }
}
