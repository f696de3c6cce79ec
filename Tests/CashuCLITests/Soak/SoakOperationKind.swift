// Soak (issue 17): the kinds of operation the soak's workers run, and how each one ended.

/// What a worker does next, each through one `cashu` command.
enum SoakOperationKind: String, CaseIterable, Sendable, Comparable {
    /// `cashu mint N` (NUT-04), paid at once by the mint's FakeWallet.
    case mint
    /// `cashu send N`: the token goes on the in-flight list.
    case send
    /// `cashu receive` of a token from the in-flight list, mostly by the wallet that did not send it.
    case receive
    /// `cashu pay --yes INVOICE` of another mint's invoice (NUT-05).
    case melt
    /// `cashu restore` of a wallet's phrase into a fresh directory, thrown away afterwards (NUT-09/13).
    case restore
    /// `cashu pending --reclaim OP` by the sender of a token still on the list (it races the receiver).
    case reclaim
    /// `cashu refresh`: the timer's maintenance pass.
    case refresh

    static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// How the commands of one kind ended.
struct SoakTally: Sendable {
    var ok = 0
    /// Exited with an error of its own (insufficient funds, a fault it reported, a token already spent, ...).
    var failed = 0
    /// SIGKILLed by the soak (a timer, or the `CASHU_TEST_KILL_AT` hook).
    var killed = 0
    /// Exit statuses, for the report.
    var exits: [Int32: Int] = [:]

    var total: Int { ok + failed + killed }
}
