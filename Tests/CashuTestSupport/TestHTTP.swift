// Test support: the one HTTP client the tests share for talking to test mints and loopback servers.

import AsyncHTTPClient

import CoreCashu

/// The shared HTTP client of the test process.
package enum TestHTTP {
    /// Configured by ``HTTPMintConnector/makeHTTPClient(timeouts:)``; never shut down, it lives as long as the process.
    package static let client = HTTPMintConnector.makeHTTPClient(timeouts: .default)
}
