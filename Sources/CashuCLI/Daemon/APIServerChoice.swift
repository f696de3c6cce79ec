// CLI: where `cashu daemon run --api` serves the local API, and with which token.

import CashuAPI
import Foundation
import Logging

/// The local API of the service: its socket path (per named wallet), its token (from the wallet's secure store).
enum APIServerChoice {
    /// The socket path: `$XDG_RUNTIME_DIR/cashu/api.sock` (`api-NAME.sock` for a named wallet), else `api.sock` in the
    /// wallet's directory (0700).
    static func socketPath(global: GlobalOptions) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let path = APIServer.defaultSocketPath(environment: environment, wallet: global.walletName()) {
            return path
        }
        return try global.walletDirectory().url.appendingPathComponent("api.sock").path
    }

    /// The server over the open wallet.
    static func server(
        for context: WalletContext, global: GlobalOptions, listen: String?, logger: Logger
    ) async throws -> APIServer {
        let token: String
        do { token = try await APIToken.load(from: context.linux) } catch {
            throw CLIError(.storage, "the API token cannot be kept: \(CLIError.reason(error))", code: "secureStore")
        }
        do {
            return try APIServer(
                wallet: context.linux,
                configuration: .init(socketPath: try socketPath(global: global), listen: listen, token: token),
                logger: logger)
        } catch let error as APIServerError {
            throw CLIError(.usage, error.message, code: "usage")
        }
    }
}
