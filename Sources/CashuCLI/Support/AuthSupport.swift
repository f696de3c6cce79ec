// CLI: what the `cashu auth` commands share — the mint's NUT-21 session, and login failures as CLI errors.

import CoreCashu
import Foundation

enum AuthSupport {
    /// The mint's NUT-21 session over the wallet's secure store, with a provider client on the mint's route.
    /// - Throws: ``CLIError`` when the mint requires no login.
    static func session(_ mint: MintURL, context: WalletContext) async throws -> (ClearAuthSession, OpenIDClient) {
        let (httpClient, proxied) = context.linux.httpClient(for: mint)
        let info: MintInfo
        let connector = HTTPMintConnector(mintURL: mint, httpClient: httpClient, proxied: proxied)
        do { info = try await connector.info() } catch {
            throw CLIError(
                error.isDefinite && error.code != .mintRefused ? .mintUnreachable : .mintRefused,
                "cannot read \(mint)'s info: \(CLIError.oneLine(error.reason))", code: error.code.rawValue)
        }
        guard let settings = info.nuts.clearAuth else {
            throw CLIError(.input, "\(mint) requires no login (no NUT-21 in its info)", code: "unsupported")
        }
        let client = OpenIDClient(httpClient: httpClient, clientID: settings.clientID)
        return (
            ClearAuthSession(mint: mint, settings: settings, secureStore: context.secureStore, client: client), client
        )
    }

    /// Runs a login step, its ``AuthError`` as a CLI error (77 for a login needed again, 69 for an unreachable
    /// provider, 65 otherwise).
    static func authenticate<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as AuthError {
            let exit: ExitClass =
                switch error.code {
                case .unreachable: .mintUnreachable
                case .loginRequired: .authentication
                case .invalidProvider: .protocol
                default: .input
                }
            throw CLIError(exit, CLIError.oneLine(error.reason), code: error.code.rawValue)
        }
    }
}
