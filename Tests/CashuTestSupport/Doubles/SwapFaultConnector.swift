// Test support: a mint connector that forwards to a real one, except that swaps time out while its switch is on
// (an ambiguous answer: the wallet keeps the receive open).

import CoreCashu

/// Forwards every call to `inner`; `swap` fails with `timeout` while `fault` is on.
public struct SwapFaultConnector: MintConnector {
    public let inner: any MintConnector
    public let fault: FaultSwitch

    public init(inner: any MintConnector, fault: FaultSwitch) {
        self.inner = inner
        self.fault = fault
    }

    public var mintURL: MintURL { inner.mintURL }

    public func swap(_ request: SwapRequest) async throws(MintClientError) -> SwapResponse {
        if fault.isOn { throw MintClientError(.timeout, endpoint: "POST /v1/swap", "scripted timeout") }
        return try await inner.swap(request)
    }

    public func info() async throws(MintClientError) -> MintInfo { try await inner.info() }
    public func keys() async throws(MintClientError) -> KeysResponse { try await inner.keys() }
    public func keys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse {
        try await inner.keys(keysetID: keysetID)
    }
    public func keysets() async throws(MintClientError) -> KeysetsResponse { try await inner.keysets() }
    public func mintQuote(_ request: MintQuoteBolt11Request) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await inner.mintQuote(request)
    }
    public func mintQuoteState(quote: String) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await inner.mintQuoteState(quote: quote)
    }
    public func mint(_ request: MintRequest) async throws(MintClientError) -> MintResponse {
        try await inner.mint(request)
    }
    public func checkMintQuotes(_ request: BatchCheckRequest) async throws(MintClientError)
        -> [MintQuoteBolt11Response]
    {
        try await inner.checkMintQuotes(request)
    }
    public func batchMint(_ request: BatchMintRequest) async throws(MintClientError) -> MintResponse {
        try await inner.batchMint(request)
    }
    public func meltQuote(_ request: MeltQuoteBolt11Request) async throws(MintClientError) -> MeltQuoteResponse {
        try await inner.meltQuote(request)
    }
    public func meltQuoteState(quote: String) async throws(MintClientError) -> MeltQuoteResponse {
        try await inner.meltQuoteState(quote: quote)
    }
    public func melt(_ request: MeltRequest) async throws(MintClientError) -> MeltQuoteResponse {
        try await inner.melt(request)
    }
    public func checkState(_ request: CheckStateRequest) async throws(MintClientError) -> CheckStateResponse {
        try await inner.checkState(request)
    }
    public func restore(_ request: RestoreRequest) async throws(MintClientError) -> RestoreResponse {
        try await inner.restore(request)
    }
}
