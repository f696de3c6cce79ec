// NUT-11 — Pay to Public Key: the signature flag saying whether signatures cover one input or the transaction.

/// The `sigflag` tag of a P2PK or HTLC secret (NUT-11 "Signature flag").
public enum SigFlag: String, Sendable, Hashable, CaseIterable {
    /// Each input is signed on its own: the message is the input's secret. The default.
    case sigInputs = "SIG_INPUTS"
    /// The first input carries signatures over all inputs and outputs of the transaction.
    case sigAll = "SIG_ALL"
}
