// Local API: only loopback addresses are served.

import Testing

@testable import CashuAPI

@Suite("API listen address")
struct APIListenAddressTests {
    @Test(
        "loopback with a port is taken",
        arguments: [
            ("127.0.0.1:3339", "127.0.0.1", 3339), ("localhost:80", "127.0.0.1", 80), ("[::1]:65535", "::1", 65535),
        ])
    func loopback(_ text: String, _ host: String, _ port: Int) throws {
        let address = try #require(APIListenAddress(text))
        #expect(address.host == host && address.port == port)
    }

    @Test(
        "anything else is refused",
        arguments: [
            "0.0.0.0:3339", "192.168.1.2:3339", "example.com:80", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000",
            "[::]:3339", "::1:3339", "", "127.0.0.2:80", "127.0.0.1:-1",
        ])
    func refused(_ text: String) {
        #expect(APIListenAddress(text) == nil)
    }

    @Test("a browser's Host and Origin for the address")
    func hostsAndOrigins() throws {
        let address = try #require(APIListenAddress("127.0.0.1:3339"))
        #expect(address.hostHeaders == ["127.0.0.1:3339", "localhost:3339"])
        #expect(address.origins == ["http://127.0.0.1:3339", "http://localhost:3339"])
    }
}
