// Test support: a real OpenID provider on loopback (scripts/test-auth: Authlib's server components — discovery, JWKS,
// password, refresh and device grants, signed JWT access tokens), and a Nutshell mint requiring logins from it.

import AsyncHTTPClient
import CoreCashu
import Foundation
import NIOCore

/// An OpenID provider for one test process or test; stopped with the process (its watchdog) or by ``stop()``.
package final class TestAuthProvider: Sendable {
    package let discoveryURL: String
    package let clientID: String
    package let otherClientID: String
    package let user: String
    package let password: String
    package let pid: Int32

    private init(values: [String: String]) throws {
        guard let discovery = values["OIDC_DISCOVERY_URL"], let client = values["OIDC_CLIENT_ID"],
            let other = values["OIDC_OTHER_CLIENT_ID"], let user = values["OIDC_USER"],
            let password = values["OIDC_PASSWORD"], let pid = values["OIDC_PID"].flatMap({ Int32($0) })
        else { throw TestMint.StartFailure(description: "scripts/test-auth/start printed no OIDC_* lines") }
        discoveryURL = discovery
        clientID = client
        otherClientID = other
        self.user = user
        self.password = password
        self.pid = pid
    }

    /// Installs (once) and starts a provider; `environment` sets `OIDC_*` lifetimes.
    package static func start(environment: [String: String] = [:]) async throws -> TestAuthProvider {
        let scripts = TestMint.repositoryRoot.appendingPathComponent("scripts/test-auth")
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("OIDC_") }
        let install = try await ScriptRunner.run(scripts.appendingPathComponent("install").path, environment: variables)
        guard install.status == 0 else {
            throw TestMint.StartFailure(description: "scripts/test-auth/install failed:\n\(install.standardError)")
        }
        variables.merge(environment) { _, new in new }
        variables["OIDC_STOP_WITH_PID"] = String(getpid())
        // A start that fails (once seen under load, exit status without a word) is tried once more; both attempts'
        // status and output are kept for the failure.
        var failures: [String] = []
        var started: ScriptRunner.Outcome?
        for _ in 0..<2 where started == nil {
            let result = try await ScriptRunner.run(
                scripts.appendingPathComponent("start").path, environment: variables)
            if result.status == 0 {
                started = result
            } else {
                failures.append("exit \(result.status):\n\(result.standardError)\(result.standardOutput)")
            }
        }
        guard let result = started else {
            throw TestMint.StartFailure(
                description: "scripts/test-auth/start failed:\n" + failures.joined(separator: "\n--- again:\n"))
        }
        let values = result.assignments
        return try TestAuthProvider(values: values)
    }

    /// A mint requiring logins from this provider: clear auth on `clearPaths` (`[method, path]`), blind auth on
    /// `blindPaths`, the login rate limit raised for tests.
    package func mint(
        clearPaths: [[String]] = [["POST", "/v1/auth/blind/mint"]], blindPaths: [[String]] = [],
        environment: [String: String] = [:]
    ) async throws -> TestMint {
        func json(_ paths: [[String]]) -> String {
            String(decoding: (try? JSONSerialization.data(withJSONObject: paths)) ?? Data("[]".utf8), as: UTF8.self)
        }
        var variables = [
            "MINT_REQUIRE_AUTH": "TRUE", "MINT_AUTH_OICD_DISCOVERY_URL": discoveryURL,
            "MINT_AUTH_OICD_CLIENT_ID": clientID, "MINT_REQUIRE_CLEAR_AUTH_PATHS": json(clearPaths),
            "MINT_REQUIRE_BLIND_AUTH_PATHS": json(blindPaths), "MINT_AUTH_RATE_LIMIT_PER_MINUTE": "1000",
        ]
        variables.merge(environment) { _, new in new }
        return try await TestMint.start(environment: variables)
    }

    /// Plays the user's side of a device login: approves `userCode` at the verification page with the user's
    /// name and password (or denies it).
    package func approve(userCode: String, verificationURI: String, deny: Bool = false) async throws -> Int {
        var request = HTTPClientRequest(url: verificationURI + "/verify")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        var form = "user_code=\(userCode)&username=\(user)&password=\(password)"
        if deny { form += "&action=deny" }
        request.body = .bytes(ByteBuffer(string: form))
        let response = try await TestHTTP.client.execute(request, timeout: .seconds(15))
        _ = try await response.body.collect(upTo: 1 << 20)
        return Int(response.status.code)
    }

    /// Stops it.
    package func stop() async {
        let scripts = TestMint.repositoryRoot.appendingPathComponent("scripts/test-auth")
        _ = try? await ScriptRunner.run(
            scripts.appendingPathComponent("stop").path, arguments: ["\(pid)"],
            environment: ProcessInfo.processInfo.environment)
    }
}
