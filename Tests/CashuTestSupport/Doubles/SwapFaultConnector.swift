// Test support: a mint connector that forwards to a real one, except that swaps time out while its switch is on
// (an ambiguous answer: the wallet keeps the receive open).

import CoreCashu
import Synchronization

/// A switch shared by the connectors a wallet builds.
final class FaultSwitch: Sendable {
    private let on = Mutex(false)
    var isOn: Bool { on.withLock { $0 } }
    func set(_ value: Bool) { on.withLock { $0 = value } }
}

/// Forwards every call to `inner`; `swap` fails with `timeout` while `fault` is on.
struct SwapFaultConnector: MintConnector {
    let inner: any MintConnector
    let fault: FaultSwitch

    var mintURL: MintURL { inner.mintURL }

    func swap(_ request: SwapRequest) async throws(MintClientError) -> SwapResponse {
        if fault.isOn { throw MintClientError(.timeout, endpoint: "POST /v1/swap", "scripted timeout") }
        return try await inner.swap(request)
    }

    func info() async throws(MintClientError) -> MintInfo { try await inner.info() }
    func keys() async throws(MintClientError) -> KeysResponse { try await inner.keys() }
    func keys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse {
        try await inner.keys(keysetID: keysetID)
    }
    func keysets() async throws(MintClientError) -> KeysetsResponse { try await inner.keysets() }
    func mintQuote(_ request: MintQuoteBolt11Request) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await inner.mintQuote(request)
    }
    func mintQuoteState(quote: String) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await inner.mintQuoteState(quote: quote)
    }
    func mint(_ request: MintRequest) async throws(MintClientError) -> MintResponse { try await inner.mint(request) }
    func checkMintQuotes(_ request: BatchCheckRequest) async throws(MintClientError) -> [MintQuoteBolt11Response] {
        try await inner.checkMintQuotes(request)
    }
    func batchMint(_ request: BatchMintRequest) async throws(MintClientError) -> MintResponse {
        try await inner.batchMint(request)
    }
    func meltQuote(_ request: MeltQuoteBolt11Request) async throws(MintClientError) -> MeltQuoteResponse {
        try await inner.meltQuote(request)
    }
    func meltQuoteState(quote: String) async throws(MintClientError) -> MeltQuoteResponse {
        try await inner.meltQuoteState(quote: quote)
    }
    func melt(_ request: MeltRequest) async throws(MintClientError) -> MeltQuoteResponse {
        try await inner.melt(request)
    }
    func checkState(_ request: CheckStateRequest) async throws(MintClientError) -> CheckStateResponse {
        try await inner.checkState(request)
    }
    func restore(_ request: RestoreRequest) async throws(MintClientError) -> RestoreResponse {
        try await inner.restore(request)
    }
}
