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
        router.add(middleware: APIAccessMiddleware(access: access, sessions: sessions, cookieName: cookieName))
        addWeb(to: router)
        addWallet(to: router)
        addPrepare(to: router)
        addEvents(to: router)
        return router
    }

    /// Every route: its path (`{id}` for one path component) and method.
    static let table: [(path: String, method: HTTPRequest.Method)] = [
        ("/", .get), ("/assets/app.js", .get), ("/assets/app.css", .get), ("/openapi.yaml", .get), ("/login", .get),
        ("/v1/login-links", .post), ("/v1/qr", .post), ("/v1/balance", .get), ("/v1/mints", .get),
        ("/v1/mints", .post), ("/v1/mints/remove", .post), ("/v1/mint-quotes", .post),
        ("/v1/mint-quotes/{id}/mint", .post), ("/v1/activity", .get), ("/v1/pending", .get),
        ("/v1/pending/{id}/reclaim", .post), ("/v1/prepare/send", .post), ("/v1/prepare/pay", .post),
        ("/v1/prepare/transfer", .post), ("/v1/prepare/receive", .post), ("/v1/prepared/{id}/confirm", .post),
        ("/v1/prepared/{id}/cancel", .post), ("/v1/events", .get),
    ]

    /// The methods served at `path`, or `nil` for a path that is not a route (404 stays 404).
    static func methods(of path: String) -> Set<HTTPRequest.Method>? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let methods = table.filter { route in
            let pattern = route.path.split(separator: "/", omittingEmptySubsequences: false)
            return pattern.count == parts.count
                && zip(pattern, parts).allSatisfy { $0 == "{id}" ? !$1.isEmpty : $0 == $1 }
        }.map(\.method)
        return methods.isEmpty ? nil : Set(methods)
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
