// Wallet: the refused status reads a wait sits out before it gives up.


/// Counts the mint's refusals of a status read (a `GET`) in a row while the wallet waits for a quote or a melt.
///
/// A mint under load may refuse a read with no specific error (Nutshell answers "database is locked" with code 0);
/// ending a wait of many minutes on that would leave the user to resume by hand. A read changes nothing at the mint,
/// so it is retried; only a refusal repeated ``limit`` times in a row, or one with a code the wallet knows (a NUT
/// error), ends the wait. Refused writes are never retried here. One counter serves a whole wait, whichever way
/// (polling, a subscription) it checks.
final class TransientReadFailures: Sendable {
    /// The refusals in a row a wait sits out.
    static let limit = 3

    private let count = Locked(0)

    /// Refusals tolerated since the last successful check.
    var inARow: Int { count.withLock { $0 } }

    /// A check succeeded.
    func reset() { count.withLock { $0 = 0 } }

    /// Whether `error` is a refused read the wait may sit out; counts it when it is.
    func tolerate(_ error: WalletError) -> Bool {
        guard error.code == .mintRefused, error.mintError?.known == nil,
            let failure = error.underlying as? MintClientError, failure.endpoint.hasPrefix("GET ")
        else { return false }
        return count.withLock { count in
            guard count < Self.limit else { return false }
            count += 1
            return true
        }
    }
}
