// CLI: `cashu daemon open` — the web wallet in the user's browser, logged in by a link that works once.

import ArgumentParser
import AsyncHTTPClient
import CashuAPI
import Foundation
import NIOCore

struct DaemonOpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open the web wallet of the running service in the browser (`cashu daemon run --api-listen`).",
        discussion: """
            Asks the service, over its socket, for a login link that works once and for two minutes; the browser \
            that opens it gets a session cookie (HttpOnly, SameSite=Strict) for twelve hours. --print prints the \
            link instead of opening it.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Print the link instead of opening a browser.")
    var print = false

    func run() async throws {
        let socket = try APIServerChoice.socketPath(global: global)
        let output = Output(json: global.json)
        let token = try await WalletContext.run(global, recover: false) { context in
            do { return try await APIToken.load(from: context.linux) } catch {
                throw CLIError(.storage, "the API token cannot be read: \(CLIError.reason(error))", code: "secureStore")
            }
        }
        let link = try await Self.loginLink(socket: socket, token: token)
        if print || !Self.openBrowser(link) {
            output.result(human: link, json: .object([("url", .string(link))]))
        } else {
            output.result(human: "Opened the web wallet in the browser.", json: .object([("opened", .bool(true))]))
        }
    }

    /// Asks the service on `socket` for a one-time login link.
    static func loginLink(socket: String, token: String) async throws -> String {
        let host = socket.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? socket
        var request = HTTPClientRequest(url: "http+unix://\(host)/v1/login-links")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(token)")
        let answer: HTTPClientResponse
        do {
            answer = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        } catch {
            throw CLIError(
                .mintUnreachable,
                "the service does not answer on \(socket): start it with `cashu daemon run --api-listen 127.0.0.1:PORT`",
                code: "serviceUnreachable")
        }
        let body = try await answer.body.collect(upTo: 64 * 1024)
        let fields = (try? JSONSerialization.jsonObject(with: Data(body.readableBytesView))) as? [String: Any]
        guard answer.status == .ok, let url = fields?["url"] as? String else {
            let error = (fields?["error"] as? [String: Any])?["message"] as? String ?? "HTTP \(answer.status.code)"
            throw CLIError(.config, "the service gave no login link: \(error)", code: "noLoginLink")
        }
        return url
    }

    /// Opens `url` with the desktop's browser (`xdg-open`); false when there is none.
    static func openBrowser(_ url: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdg-open")
        process.arguments = [url]
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-open"), (try? process.run()) != nil else {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
