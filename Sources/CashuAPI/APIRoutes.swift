// Local API: its routes over one open wallet (docs/api/openapi.yaml describes each).

import CoreCashu
import Foundation
import HTTPTypes
import Hummingbird
import LinuxCashu

/// The endpoints of the local API, over the service's wallet. Spending is prepare, then confirm: no route spends
/// without a confirm of an id a prepare returned.
struct APIRoutes: Sendable {

    let linux: LinuxWallet
    let prepared: PreparedRegistry
    let sessions: APISessions
    /// Where a browser reaches the web wallet (`http://127.0.0.1:PORT`), when the service listens on TCP.
    let webURL: String?
    /// The session cookie a login link sets: `cashu_session_PORT`.
    let cookieName: String

    var wallet: Wallet { linux.wallet }

    /// A router with every route, behind `access`.
    func router(access: APIAccess) -> Router<APIRequestContext> {
        let router = Router(context: APIRequestContext.self)
        router.add(
            middleware: APIAccessMiddleware(
                access: access, sessions: sessions, cookieName: cookieName, routes: routeTable()))
        addRoutes(to: router)
        return router
    }

    /// The routes, as the router serves them (read from a router that has them and nothing else).
    func routeTable() -> APIRouteTable {
        let router = Router(context: APIRequestContext.self)
        addRoutes(to: router)
        return APIRouteTable(router.routes.map { (path: $0.path.description, method: $0.method) })
    }

    private func addRoutes(to router: Router<APIRequestContext>) {
        addWeb(to: router)
        addWallet(to: router)
        addPrepare(to: router)
        addRequests(to: router)
        addQueue(to: router)
        addEvents(to: router)
    }

    /// The mint a request names, else the wallet's default, else its only mint.
    func chosenMint(_ text: String?) async throws -> MintURL {
        if let text {
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

    /// ``chosenMint(_:)``, refused (422 `unknownMint`) unless it is one of the wallet's mints: for what is kept or
    /// handed to others (the default mint, a payment request's mint).
    func knownMint(_ text: String?) async throws -> MintURL {
        let mint = try await chosenMint(text)
        guard try await wallet.mints().contains(where: { $0.url == mint }) else {
            throw APIFailure(.unprocessableContent, "unknownMint", "\(mint) is not one of the wallet's mints")
        }
        return mint
    }

    /// An amount a request names, refused when it is 0.
    static func positive(_ amount: UInt64) throws -> UInt64 {
        guard amount > 0 else { throw APIFailure(.badRequest, "invalidInput", "the amount must be positive") }
        return amount
    }

    /// A unit a request names (`sat` when it names none): 1 to 16 letters, digits or `_`.
    static func unit(_ text: String?) throws -> CurrencyUnit {
        let text = text ?? "sat"
        let allowed = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        guard (1...16).contains(text.count), allowed else {
            throw APIFailure(.badRequest, "invalidInput", "a unit is 1 to 16 letters, digits or _ (sat, usd, ...)")
        }
        return CurrencyUnit(rawValue: text.lowercased())
    }
}
