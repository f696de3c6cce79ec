// Test support: the one HTTP client the tests share for talking to test mints and loopback servers.

import AsyncHTTPClient

@testable import CoreCashu

/// The shared HTTP client of the test process.
enum TestHTTP {
    /// Configured by ``HTTPMintConnector/makeHTTPClient(timeouts:)``; never shut down, it lives as long as the process.
    static let client = HTTPMintConnector.makeHTTPClient(timeouts: .default)
}
