// Local API: its routes over one open wallet (docs/api/openapi.yaml describes each).

import CoreCashu
import Foundation
import Hummingbird
import LinuxCashu

/// The endpoints of the local API, over the service's wallet. Spending is prepare, then confirm: no route spends
/// without a confirm of an id a prepare returned.
struct APIRoutes: Sendable {
    /// The session cookie a login link sets.
    static let sessionCookie = "cashu_session"

    let linux: LinuxWallet
    let prepared: PreparedRegistry
    let sessions: APISessions
    /// Where a browser reaches the web wallet (`http://127.0.0.1:PORT`), when the service listens on TCP.
    let webURL: String?

    var wallet: Wallet { linux.wallet }

    /// A router with every route, behind `access`.
    func router(access: APIAccess) -> Router<APIRequestContext> {
        let router = Router(context: APIRequestContext.self)
        router.add(middleware: APIAccessMiddleware(access: access, sessions: sessions))
        addWeb(to: router)
        addWallet(to: router)
        addPrepare(to: router)
        addEvents(to: router)
        return router
    }

    /// The mint a request names, else the wallet's default, else its only mint.
    func chosenMint(_ text: String?) async throws -> MintURL {
        if let text, !text.isEmpty {
            do { return try MintURL(text) } catch {
                throw APIFailure(.badRequest, "invalidInput", "not a mint URL")
            }
        }
        if let chosen = try await wallet.defaultMint() { return chosen }
        let mints = try await wallet.mints()
        guard mints.count == 1, let only = mints.first else {
            throw APIFailure(.badRequest, "invalidInput", "name the mint: the wallet has no default mint")
        }
        return only.url
    }

    /// A unit a request names (`sat` when it names none).
    static func unit(_ text: String?) -> CurrencyUnit {
        CurrencyUnit(rawValue: (text ?? "sat").lowercased())
    }
}
