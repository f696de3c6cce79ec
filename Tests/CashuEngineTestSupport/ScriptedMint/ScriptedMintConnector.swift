// Test support: the MintConnector a wallet uses to talk to a ScriptedMint (or to no mint at all).

import CashuEngine

/// A ``MintConnector`` over a ``ScriptedMint``; with no mint (a URL the mint does not answer for) every call fails
/// with `.unreachable`.
struct ScriptedMintConnector: MintConnector {
    let mint: ScriptedMint?
    let mintURL: MintURL

    private func call<Answer: Sendable>(
        _ endpoint: ScriptedEndpoint, tampering: ScriptedMint.Tampering<Answer>? = nil,
        _ work: (inout ScriptedMintState) throws(MintError) -> Answer
    ) async throws(MintClientError) -> Answer {
        guard let mint else {
            throw MintClientError(.unreachable, endpoint: endpoint.template, "no scripted mint at \(mintURL)")
        }
        return try await mint.handle(endpoint, tampering: tampering, work)
    }

    /// Tampering with the `signatures` of an answer.
    private static func signatures<Answer>(_ path: WritableKeyPath<Answer, [BlindSignature]>)
        -> ScriptedMint.Tampering<Answer>
    {
        { answer, alter in alter(&answer[keyPath: path]) }
    }

    func info() async throws(MintClientError) -> MintInfo {
        try await call(.info) { state throws(MintError) in state.info() }
    }

    func keys() async throws(MintClientError) -> KeysResponse {
        try await call(.keys) { state throws(MintError) in state.keys() }
    }

    func keys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse {
        try await call(.keysetKeys) { state throws(MintError) in try state.keys(keysetID: keysetID) }
    }

    func keysets() async throws(MintClientError) -> KeysetsResponse {
        try await call(.keysets) { state throws(MintError) in state.keysetList() }
    }

    func mintQuote(_ request: MintQuoteBolt11Request) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await call(.mintQuote) { state throws(MintError) in try state.mintQuote(request) }
    }

    func mintQuoteState(quote: String) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await call(.mintQuoteState) { state throws(MintError) in try state.mintQuoteState(quote: quote) }
    }

    func mint(_ request: MintRequest) async throws(MintClientError) -> MintResponse {
        try await call(.mint, tampering: Self.signatures(\.signatures)) { state throws(MintError) in
            try state.mint(request)
        }
    }

    func checkMintQuotes(_ request: BatchCheckRequest) async throws(MintClientError) -> [MintQuoteBolt11Response] {
        try await call(.checkMintQuotes) { state throws(MintError) in try state.checkMintQuotes(request) }
    }

    func batchMint(_ request: BatchMintRequest) async throws(MintClientError) -> MintResponse {
        try await call(.batchMint, tampering: Self.signatures(\.signatures)) { state throws(MintError) in
            try state.batchMint(request)
        }
    }

    func meltQuote(_ request: MeltQuoteBolt11Request) async throws(MintClientError) -> MeltQuoteResponse {
        try await call(.meltQuote) { state throws(MintError) in try state.meltQuote(request) }
    }

    func meltQuoteState(quote: String) async throws(MintClientError) -> MeltQuoteResponse {
        try await call(.meltQuoteState, tampering: Self.change) { state throws(MintError) in
            try state.meltQuoteState(quote: quote)
        }
    }

    func melt(_ request: MeltRequest) async throws(MintClientError) -> MeltQuoteResponse {
        try await call(.melt, tampering: Self.change) { state throws(MintError) in try state.melt(request) }
    }

    func swap(_ request: SwapRequest) async throws(MintClientError) -> SwapResponse {
        try await call(.swap, tampering: Self.signatures(\.signatures)) { state throws(MintError) in
            try state.swap(request)
        }
    }

    func checkState(_ request: CheckStateRequest) async throws(MintClientError) -> CheckStateResponse {
        try await call(.checkState) { state throws(MintError) in try state.checkState(request) }
    }

    func restore(_ request: RestoreRequest) async throws(MintClientError) -> RestoreResponse {
        try await call(.restore, tampering: Self.signatures(\.signatures)) { state throws(MintError) in
            try state.restore(request)
        }
    }

    /// Tampering with a melt answer's NUT-08 change (an answer without change gets one if the closure adds any).
    private static func change(
        _ answer: inout MeltQuoteResponse, _ alter: @Sendable (inout [BlindSignature]) -> Void
    ) {
        var change = answer.change ?? []
        alter(&change)
        answer.change = answer.change == nil && change.isEmpty ? nil : change
    }
}
