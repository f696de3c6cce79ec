// Test support: a shared mint that takes few items per request (NUT-06 `max_array_length`), for the request-limit
// suites.

extension TestMint {
    /// The limit ``smallRequests`` is started with (`MINT_MAX_REQUEST_LENGTH`).
    package static let smallRequestLimit = 16

    private static let smallRequestsMint = Task {
        try await TestMint.start(environment: ["MINT_MAX_REQUEST_LENGTH": "\(smallRequestLimit)"])
    }

    /// A mint that refuses arrays longer than ``smallRequestLimit``, started on first use and shared by the process.
    package static var smallRequests: TestMint {
        get async throws { try await smallRequestsMint.value }
    }
}
