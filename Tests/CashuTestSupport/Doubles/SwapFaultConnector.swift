// Test support: a mint connector that forwards to a real one, except that swaps time out while its switch is on
// (an ambiguous answer: the wallet keeps the receive open).

import CoreCashu

/// Forwards every call to `inner`; `swap` fails with `timeout` while `fault` is on.
package struct SwapFaultConnector: MintConnector {
    package let inner: any MintConnector
    package let fault: FaultSwitch

    package init(inner: any MintConnector, fault: FaultSwitch) {
        self.inner = inner
        self.fault = fault
    }

    package var mintURL: MintURL { inner.mintURL }

    package func swap(_ request: SwapRequest) async throws(MintClientError) -> SwapResponse {
        if fault.isOn { throw MintClientError(.timeout, endpoint: "POST /v1/swap", "scripted timeout") }
        return try await inner.swap(request)
    }

    package func info() async throws(MintClientError) -> MintInfo { try await inner.info() }
    package func keys() async throws(MintClientError) -> KeysResponse { try await inner.keys() }
    package func keys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse {
        try await inner.keys(keysetID: keysetID)
    }
    package func keysets() async throws(MintClientError) -> KeysetsResponse { try await inner.keysets() }
    package func mintQuote(_ request: MintQuoteBolt11Request) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await inner.mintQuote(request)
    }
    package func mintQuoteState(quote: String) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await inner.mintQuoteState(quote: quote)
    }
    package func mint(_ request: MintRequest) async throws(MintClientError) -> MintResponse {
        try await inner.mint(request)
    }
    package func checkMintQuotes(_ request: BatchCheckRequest) async throws(MintClientError)
        -> [MintQuoteBolt11Response]
    {
        try await inner.checkMintQuotes(request)
    }
    package func batchMint(_ request: BatchMintRequest) async throws(MintClientError) -> MintResponse {
        try await inner.batchMint(request)
    }
    package func meltQuote(_ request: MeltQuoteBolt11Request) async throws(MintClientError) -> MeltQuoteResponse {
        try await inner.meltQuote(request)
    }
    package func meltQuoteState(quote: String) async throws(MintClientError) -> MeltQuoteResponse {
        try await inner.meltQuoteState(quote: quote)
    }
    package func melt(_ request: MeltRequest) async throws(MintClientError) -> MeltQuoteResponse {
        try await inner.melt(request)
    }
    package func checkState(_ request: CheckStateRequest) async throws(MintClientError) -> CheckStateResponse {
        try await inner.checkState(request)
    }
    package func restore(_ request: RestoreRequest) async throws(MintClientError) -> RestoreResponse {
        try await inner.restore(request)
    }
}
