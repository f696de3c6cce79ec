// NUT-11 — Pay to Public Key: the signature flag saying whether signatures cover one input or the transaction.

/// The `sigflag` tag of a P2PK or HTLC secret (NUT-11 "Signature flag").
public enum SigFlag: Sendable, Hashable, CaseIterable, PackageNamed {
    /// Each input is signed on its own: the message is the input's secret. The default.
    case sigInputs
    /// The first input carries signatures over all inputs and outputs of the transaction.
    case sigAll

    /// The tag's value in a secret.
    package var rawValue: String {
        switch self {
        case .sigInputs: "SIG_INPUTS"
        case .sigAll: "SIG_ALL"
        }
    }
}
