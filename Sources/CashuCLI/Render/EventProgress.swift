// CLI render: a progress bar on stderr driven by the wallet's events (only on a terminal, never with --json).

import CoreCashu

/// Draws the progress a long operation tells through ``WalletEvent/operationProgressed(_:_:)`` while a command's
/// body runs: a restore, a receive in parts, a consolidation, a batch mint.
enum EventProgress {
    /// Runs `body`, drawing a bar for every progress event of `wallet` meanwhile; the bar is cleared at the end.
    static func around<T>(
        _ wallet: Wallet, output: Output, _ body: () async throws -> T
    ) async rethrows -> T {
        guard output.stderrIsTerminal, !output.json else { return try await body() }
        let bar = ProgressLine(output: output)
        let events = wallet.events(bufferingNewest: 16)
        let drawer = Task {
            for await event in events {
                guard case .operationProgressed(let operation, let progress) = event else { continue }
                bar.draw(
                    done: progress.completed, total: max(progress.total, 1),
                    label: "\(Self.word(operation.kind)): \(progress.completed)/\(progress.total) \(progress.unit)")
            }
        }
        let result: T
        do { result = try await body() } catch {
            drawer.cancel()
            await drawer.value
            bar.finish()
            throw error
        }
        drawer.cancel()
        await drawer.value
        bar.finish()
        return result
    }

    private static func word(_ kind: OperationKind) -> String {
        switch kind {
        case .receive: "receiving"
        case .restore: "restoring"
        case .swap: "merging small proofs"
        case .mint: "minting"
        default: kind.rawValue
        }
    }
}
