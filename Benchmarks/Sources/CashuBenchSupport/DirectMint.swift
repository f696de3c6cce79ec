// Benchmark support: proofs minted straight from the mint (no wallet), for wallets the benchmarks start from.

// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu
import Foundation

/// One HTTP client for the benchmark process (never shut down; it lives as long as the process).
let benchHTTPClient = HTTPMintConnector.makeHTTPClient()

/// A connector to `mint` on the process's one HTTP client.
public func benchConnector(_ mint: MintURL) -> HTTPMintConnector {
    HTTPMintConnector(mintURL: mint, httpClient: benchHTTPClient)
}

/// Proofs and stores the benchmarks start from.
public enum Fixtures {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// `count` amounts taking the powers of two 1…64 in turn (a wallet's usual mix of small denominations).
    public static func mixedAmounts(count: Int) -> [UInt64] {
        (0..<count).map { UInt64(1) << UInt64($0 % 7) }
    }

    /// The mint's active `sat` keyset with its keys.
    public static func activeKeyset(_ connector: any MintConnector) async throws -> MintKeyset {
        guard let keyset = try await connector.keys().keysets.first(where: { $0.unit == .sat && $0.active != false })
        else { throw Failure(description: "the mint has no active sat keyset") }
        return keyset
    }

    /// Mints proofs of exactly `amounts` with the mint directly (no wallet): one paid quote per 1000 outputs (the
    /// mint's limit). Secrets are random, or NUT-13 outputs of `deterministic` from counter 0 up. Proofs keep the
    /// mint's DLEQ proofs (not checked here).
    public static func mintProofs(
        amounts: [UInt64],
        mint: MintURL,
        deterministic: DeterministicSecrets? = nil
    ) async throws -> [Proof] {
        let connector = benchConnector(mint)
        let keyset = try await activeKeyset(connector)
        var proofs: [Proof] = []
        var start = 0
        while start < amounts.count {
            let chunk = Array(amounts[start..<min(start + 1000, amounts.count)])
            var secrets: [String] = []
            var factors: [Scalar] = []
            if let deterministic {
                let derived = try deterministic.derive(
                    keysetID: keyset.id,
                    counters: UInt64(start)..<UInt64(start + chunk.count)
                )
                secrets = derived.map(\.secret)
                factors = derived.map(\.blindingFactor)
            } else {
                secrets = chunk.map { _ in Scalar.random().exposedSecretHex }
                factors = chunk.map { _ in Scalar.random() }
            }
            var outputs: [BlindedMessage] = []
            for index in chunk.indices {
                let B_ = try BDHKE.blind(secret: secrets[index], r: factors[index])
                outputs.append(BlindedMessage(amount: chunk[index], id: keyset.id, B_: B_))
            }
            let quote = try await connector.mintQuote(MintQuoteBolt11Request(amount: chunk.reduce(0, +), unit: .sat))
            try await waitUntilPaid(quote.quote, connector)
            let signatures = try await connector.mint(MintRequest(quote: quote.quote, outputs: outputs)).signatures
            guard signatures.count == chunk.count else {
                throw Failure(description: "the mint signed \(signatures.count) of \(chunk.count) outputs")
            }
            for (index, signature) in signatures.enumerated() {
                guard let key = keyset.keys[signature.amount] else {
                    throw Failure(description: "no key for amount \(signature.amount)")
                }
                let C = try BDHKE.unblind(C_: signature.C_, r: factors[index], mintKey: key)
                // Kept, as a wallet keeps them (NUT-12), so stored proofs carry their DLEQ JSON.
                let dleq = signature.dleq.map { ProofDLEQ(e: $0.e, s: $0.s, r: factors[index]) }
                proofs.append(
                    Proof(amount: signature.amount, id: signature.id, secret: secrets[index], C: C, dleq: dleq)
                )
            }
            start += chunk.count
        }
        return proofs
    }

    /// Polls a quote until the FakeWallet has paid it (it pays at once, asynchronously).
    public static func waitUntilPaid(_ quote: String, _ connector: any MintConnector) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while try await connector.mintQuoteState(quote: quote).state != .paid {
            guard ContinuousClock.now < deadline else { throw Failure(description: "quote \(quote) never paid") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
