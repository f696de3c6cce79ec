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

    /// After a login: the mint's info read again (it may have turned login on since it was added), so its protected
    /// endpoints are known, and its NUT-22 token pool filled. Only for a mint in the wallet.
    /// - Returns: the tokens the wallet then holds, or `nil` when the mint uses no blind auth; a failure to mint
    ///   tokens is a note (they are minted again when a request needs one).
    static func fillBlindAuthPool(_ mint: MintURL, context: WalletContext) async -> Int? {
        await context.linux.loginChanged(for: mint)
        guard (try? await context.wallet.mints().contains { $0.url == mint }) == true else { return nil }
        do {
            guard try await context.wallet.addMint(mint).blindAuth != nil else { return nil }
            // A pool still well filled (an earlier login) is left as it is.
            if try await context.wallet.blindAuthTokenCount(mint: mint) < 10 {
                try await context.wallet.mintBlindAuthTokens(mint: mint)
            }
        } catch {
            context.output.note("Blind auth tokens could not be minted now: \(CLIError.oneLine(error.reason)).")
        }
        return try? await context.wallet.blindAuthTokenCount(mint: mint)
    }
}
