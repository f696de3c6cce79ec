// Test support: a test mint running inside a network namespace, listening on the namespace's side of the veth pair.

import Foundation

extension TestMint {
    /// Starts a mint inside `namespace` (scripts/test-mint/start with MINT_NETNS and MINT_LISTEN_HOST); its URL is
    /// `http://<namespace address>:<port>`, reachable from here while the pair is up.
    /// - Parameter environment: further `MINT_*`/`FAKEWALLET_*` overrides.
    package static func start(in namespace: NetworkNamespace, environment: [String: String] = [:]) async throws
        -> TestMint
    {
        var variables = environment
        variables["MINT_NETNS"] = namespace.name
        variables["MINT_LISTEN_HOST"] = namespace.namespaceAddress
        return try await start(environment: variables)
    }
}
