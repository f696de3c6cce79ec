// LinuxWallet: one maintenance pass — what `cashu refresh` and the systemd timer run every 15 minutes.

import CoreCashu
import Foundation

extension LinuxWallet {
    /// Resumes unfinished operations, runs the offline queue, refreshes mint info older than a day, mints quotes that
    /// were paid, settles pending melts and checks sent tokens (NUT-07), moves proofs off inactive keysets, publishes
    /// the mint list backup when it changed (NUT-27), and receives payments of open Nostr payment requests (NUT-18).
    /// Each mint is handled on its own, so one that is down does not stop the others; failures are reported, never
    /// thrown.
    public func refresh() async -> RefreshReport {
        var report = RefreshReport()
        report.recovery = await wallet.recover()
        for (id, error) in report.recovery.unresolved where error.code != .pending {
            report.failures.append(
                .init(step: "recover", mint: nil, error: WalletError(error.code, error.reason, operationID: id)))
        }
        let run = await queue.runPending()
        report.queue = run.entries
        for entry in run.failed {
            let code = WalletError.Code(rawValue: entry.lastErrorCode ?? "mintRefused")
            report.failures.append(
                .init(
                    step: "queue", mint: entry.mintURL,
                    error: WalletError(code, entry.lastError ?? "the queued \(entry.kind.rawValue) was refused",
                        operationID: entry.id)))
        }
        let mints: [StoredMint]
        do { mints = try await wallet.mints() } catch {
            report.failures.append(.init(step: "mints", mint: nil, error: error))
            return report
        }
        for mint in mints {
            await refreshInfo(of: mint, into: &report)
            await refresh(mint.url, into: &report)
        }
        report.mintBackup = await backUpMintList()
        if let open = try? await openNostrRequests(), !open.isEmpty {
            report.nostrPayments = await collectNostrPayments()
        }
        return report
    }

    /// How old a mint's stored info (NUT-06: its NUT-17 and fee settings, limits) and keysets may get before a pass
    /// fetches them again.
    static let mintInfoMaximumAge: TimeInterval = 24 * 60 * 60

    /// Fetches the mint's info and keysets again when they are older than ``mintInfoMaximumAge``, so new keysets,
    /// fees and NUT-17 support are known without the user re-adding the mint.
    private func refreshInfo(of mint: StoredMint, into report: inout RefreshReport) async {
        let fetched = mint.infoFetchedAt ?? .distantPast
        guard Date().timeIntervalSince(fetched) > Self.mintInfoMaximumAge else { return }
        do {
            try await wallet.addMint(mint.url)
            report.refreshedMints.append(mint.url)
        } catch {
            report.failures.append(.init(step: "mint-info", mint: mint.url, error: error))
        }
    }

    private func refresh(_ mint: MintURL, into report: inout RefreshReport) async {
        do {
            report.minted += try await wallet.mintPaidQuotes(mint: mint).map(\.event)
        } catch {
            report.failures.append(.init(step: "mint-paid-quotes", mint: mint, error: error))
        }
        do {
            let check = try await wallet.check(mint: mint)
            report.claimed += check.claimed.count
            report.unclaimed += check.unclaimed.count
            report.settledMelts += check.settledMelts.count
        } catch {
            report.failures.append(.init(step: "check", mint: mint, error: error))
        }
        do {
            let units = Set(
                try await wallet.balances().filter { $0.mintURL == mint && $0.status == .unspent }.map(\.unit))
            for unit in units.sorted(by: { $0.rawValue < $1.rawValue }) {
                if let result = try await wallet.rotateKeysets(mint: mint, unit: unit) {
                    report.rotated.append(
                        WalletOperationEvent(
                            id: result.operationID, kind: .swap, mint: mint, unit: unit, amount: result.moved,
                            fee: result.fee))
                }
            }
        } catch {
            report.failures.append(.init(step: "rotate-keysets", mint: mint, error: error))
        }
    }
}
