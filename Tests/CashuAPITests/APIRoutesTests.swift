// Local API: the routes the router serves are the operations docs/api/openapi.yaml describes, and a wrong method on
// a route's path is a 405 that names the right ones.

import CoreCashu
import Foundation
import HTTPTypes
import LinuxCashu
import Testing

@testable import CashuAPI

@Suite("API routes")
struct APIRoutesTests {
    /// The paths and methods of the committed description (`  /path:` then `    get:` lines).
    static func described() -> Set<String> {
        let text = String(decoding: WebAssets.openAPI, as: UTF8.self)
        var operations: Set<String> = []
        var path: String?
        var inPaths = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            guard inPaths else { continue }
            if !line.hasPrefix(" ") && !line.isEmpty { break }
            if line.hasPrefix("  /") && line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "),
                let method = ["get", "post", "put", "delete", "patch"].first(where: { line == "    \($0):" })
            {
                operations.insert("\(method.uppercased()) \(path)")
            }
        }
        return operations
    }

    @Test("every route is described, and every described operation is a route (the page and its assets aside)")
    func routesMatchTheDescription() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-api-routes-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["CASHU_SECRET_STORE"] = "plaintext-file"
        environment["CASHU_NOSTR_RELAYS"] = "none"
        let configuration = try LinuxWalletConfiguration(
            environment: environment, directory: WalletDirectory(url: directory))
        let table = try await LinuxWallet.withWallet(configuration) { linux in
            APIRoutes(
                linux: linux, prepared: PreparedRegistry(), sessions: APISessions(), webURL: nil,
                cookieName: "cashu_session_0"
            ).routeTable()
        }
        let served = Set(table.routes.map { "\($0.method.rawValue) \($0.path)" })
        let page: Set = ["GET /", "GET /assets/app.js", "GET /assets/app.css"]
        #expect(served.subtracting(page) == Self.described())
        #expect(served.isSuperset(of: page))

        #expect(table.methods(of: "/v1/mints") == [.get, .post])
        #expect(table.methods(of: "/v1/prepared/abc/confirm") == [.post])
        #expect(table.methods(of: "/v1/prepared//confirm") == nil)
        #expect(table.methods(of: "/v1/nothing") == nil)
    }
}
