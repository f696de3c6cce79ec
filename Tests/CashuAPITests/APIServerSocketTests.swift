// Local API: the socket's directory must be private, and a socket another service answers on is never taken over.

import Foundation
import Testing

@testable import CashuAPI

@Suite("API socket")
struct APIServerSocketTests {
    static func directory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-api-\(UUID())").path
        try #require(mkdir(path, 0o700) == 0)
        return path
    }

    /// A Unix socket listening at `path`; its descriptor.
    static func listen(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0 && Glibc.listen(descriptor, 1) == 0)
        return descriptor
    }

    @Test("a live socket is refused; a stale one is replaced")
    func takeover() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/api.sock"
        let live = try Self.listen(at: path)
        #expect(APIServer.answers(path))
        #expect(throws: APIServerError.self) { try APIServer.prepareSocket(at: path) }
        close(live)
        #expect(!APIServer.answers(path))
        try APIServer.prepareSocket(at: path)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("a directory others can open is refused; a file in the socket's place too")
    func privateDirectory() throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = chmod(directory, 0o755)
        #expect(throws: APIServerError.self) { try APIServer.prepareSocket(at: directory + "/api.sock") }
        _ = chmod(directory, 0o700)
        #expect(FileManager.default.createFile(atPath: directory + "/api.sock", contents: Data()))
        #expect(throws: APIServerError.self) { try APIServer.prepareSocket(at: directory + "/api.sock") }
    }
}
